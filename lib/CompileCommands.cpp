//===- CompileCommands.cpp ------------------------------------------------===//
#include "lib/CompileCommands.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cstdlib>

#ifndef KT_SOURCE_SHIM_DIR
#define KT_SOURCE_SHIM_DIR ""
#endif
#ifndef KT_CLANG_RESOURCE_DIR
#define KT_CLANG_RESOURCE_DIR ""
#endif

namespace kerneltidy {

llvm::StringRef languageName(SourceLanguage L) {
  switch (L) {
  case SourceLanguage::Cuda: return "cuda";
  case SourceLanguage::Hip: return "hip";
  case SourceLanguage::Sycl: return "sycl";
  case SourceLanguage::Cxx: return "c++";
  case SourceLanguage::Python: return "python";
  case SourceLanguage::Unknown: break;
  }
  return "unknown";
}

bool isAnalysableExtension(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return llvm::StringSwitch<bool>(Ext)
      .Cases(".cu", ".cuh", ".cpp", ".cc", ".cxx", true)
      .Cases(".hpp", ".h", ".hip", ".py", true)
      .Default(false);
}

SourceLanguage classifySource(llvm::StringRef Path, llvm::StringRef Contents) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  if (Ext == ".py")
    return SourceLanguage::Python;
  if (Ext == ".hip" || Contents.contains("hip/hip_runtime.h") ||
      Contents.contains("hipLaunchKernelGGL"))
    return SourceLanguage::Hip;
  if (Ext == ".cu" || Ext == ".cuh")
    return SourceLanguage::Cuda;
  if (Contents.contains("sycl::") || Contents.contains("<sycl/") ||
      Contents.contains("SYCL_EXT_ONEAPI"))
    return SourceLanguage::Sycl;
  if (Contents.contains("__global__") || Contents.contains("__device__"))
    return SourceLanguage::Cuda;
  if (Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".h" ||
      Ext == ".hpp")
    return SourceLanguage::Cxx;
  return SourceLanguage::Unknown;
}

std::string findShimDir(llvm::StringRef Argv0) {
  if (const char *Env = std::getenv("KERNEL_TIDY_SHIM_DIR"))
    return Env;
  if (!Argv0.empty()) {
    llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Argv0));
    llvm::sys::path::append(Dir, "..", "share", "kernel-tidy", "include");
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    if (llvm::sys::fs::is_directory(Dir))
      return std::string(Dir);
  }
  return KT_SOURCE_SHIM_DIR;
}

llvm::StringRef stubIncludeDir() { return "/__kernel_tidy_missing_headers__"; }

static void addCommonArgs(std::vector<std::string> &Args,
                          llvm::StringRef ShimDir) {
  if (llvm::StringRef(KT_CLANG_RESOURCE_DIR).size())
    Args.push_back("-resource-dir=" KT_CLANG_RESOURCE_DIR);
  Args.push_back("-isystem");
  Args.push_back(std::string(ShimDir));
  // Kernel code is full of casts and unused values: only errors matter to
  // the parse, and checks report their own findings.
  Args.push_back("-w");
  Args.push_back("-ferror-limit=0");
}

std::vector<std::string> defaultParseArgs(SourceLanguage L,
                                          llvm::StringRef ShimDir,
                                          bool NoBuild) {
  std::vector<std::string> Args;
  switch (L) {
  case SourceLanguage::Cuda:
  case SourceLanguage::Hip:
    // Host-side parse of CUDA: every kernel body is in the AST, and no
    // toolkit, GPU arch or device library is needed.
    Args = {"-x", L == SourceLanguage::Hip ? "hip" : "cuda",
            "--cuda-host-only", "-nocudainc", "-nocudalib", "-std=c++17"};
    if (L == SourceLanguage::Hip)
      Args.insert(Args.end(), {"-nogpuinc", "-nogpulib"});
    break;
  case SourceLanguage::Sycl:
  case SourceLanguage::Cxx:
  case SourceLanguage::Unknown:
    Args = {"-x", "c++", "-std=c++17"};
    break;
  case SourceLanguage::Python:
    return Args;
  }
  addCommonArgs(Args, ShimDir);
  llvm::SmallString<256> Prelude(ShimDir);
  llvm::sys::path::append(Prelude, L == SourceLanguage::Cuda ||
                                           L == SourceLanguage::Hip
                                       ? "__kernel_tidy_cuda.h"
                                       : "__kernel_tidy_prelude.h");
  if (llvm::sys::fs::exists(Prelude)) {
    Args.push_back("-include");
    Args.push_back(std::string(Prelude));
  }
  if (NoBuild) {
    Args.push_back("-idirafter");
    Args.push_back(std::string(stubIncludeDir()));
  }
  return Args;
}

std::vector<std::string>
translateCompileCommand(llvm::ArrayRef<std::string> CommandLine,
                        llvm::StringRef ShimDir,
                        std::vector<std::string> *Dropped) {
  // Minimal pass-through; the nvcc/hipcc/icpx translation lands with the
  // front-end work.
  std::vector<std::string> Out(CommandLine.begin(), CommandLine.end());
  return Out;
}

} // namespace kerneltidy
