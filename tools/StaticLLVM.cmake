# KT_STATIC_LLVM: kt_llvm, kt_clang and kt_clang_tidy all name one group of
# every Clang and LLVM archive (the linker pulls only the members something
# references, rescanning the group, so no order is needed), then zlib and
# zstd static. With the static C++ runtime (tools/CMakeLists.txt) what the
# CLI needs at run time is glibc alone. Debian's LLVM also names Z3 and
# libxml2: only the static analyser's Z3 backend (kept out by
# tools/cli/NoZ3Solver.cpp) and the Windows manifest tool use them.
file(GLOB KT_CLANG_ARCHIVES ${LLVM_LIBRARY_DIR}/libclang*.a)
list(FILTER KT_CLANG_ARCHIVES EXCLUDE REGEX "/libclang(_rt|-cpp|\\.a$)")
find_program(KT_LLVM_CONFIG NAMES llvm-config-19 llvm-config
             HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
execute_process(COMMAND ${KT_LLVM_CONFIG} --link-static --libfiles
                OUTPUT_VARIABLE KT_LLVM_ARCHIVES OUTPUT_STRIP_TRAILING_WHITESPACE)
separate_arguments(KT_LLVM_ARCHIVES UNIX_COMMAND "${KT_LLVM_ARCHIVES}")
# 'all' names Polly's archives, which Debian ships apart (libpolly-19-dev)
# and nothing here uses.
list(FILTER KT_LLVM_ARCHIVES EXCLUDE REGEX "/libPolly")
find_library(KT_ZLIB_STATIC NAMES libz.a REQUIRED)
find_library(KT_ZSTD_STATIC NAMES libzstd.a REQUIRED)
add_library(kt_static_llvm INTERFACE)
target_link_libraries(kt_static_llvm INTERFACE
  "$<LINK_GROUP:RESCAN,${KT_CLANG_ARCHIVES};${KT_LLVM_ARCHIVES}>"
  ${KT_ZSTD_STATIC} ${KT_ZLIB_STATIC} rt dl m pthread)
target_link_libraries(kt_llvm INTERFACE kt_static_llvm)
target_link_libraries(kt_clang INTERFACE kt_static_llvm)
target_link_libraries(kt_clang_tidy INTERFACE kt_static_llvm)
