//===- CompileCommands.cpp ------------------------------------------------===//
#include "lib/frontend/clang/CompileCommands.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/Path.h"
#include <algorithm>
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

bool useCxx20Standard(std::vector<std::string> &Command) {
  auto Std = std::find(Command.begin(), Command.end(), "-std=c++17");
  if (Std == Command.end())
    return false;
  *Std = "-std=c++20";
  return true;
}

llvm::StringRef stubIncludeDir() { return "/__kernel_tidy_missing_headers__"; }

// The compiler's builtin headers (stddef.h, the CUDA wrappers). A static
// build installed where no clang is (the wheel) carries a copy beside the shim
// headers, share/kernel-tidy/clang-resource; otherwise the resource directory
// of the clang it was built with.
static std::string resourceDirFor(llvm::StringRef ShimDir) {
  llvm::SmallString<256> Bundled(llvm::sys::path::parent_path(ShimDir));
  llvm::sys::path::append(Bundled, "clang-resource");
  llvm::SmallString<256> Builtin(Bundled);
  llvm::sys::path::append(Builtin, "include", "stddef.h");
  if (llvm::sys::fs::exists(Builtin))
    return std::string(Bundled);
  return KT_CLANG_RESOURCE_DIR;
}

static void addCommonArgs(std::vector<std::string> &Args,
                          llvm::StringRef ShimDir) {
  std::string ResourceDir = resourceDirFor(ShimDir);
  if (!ResourceDir.empty())
    Args.push_back("-resource-dir=" + ResourceDir);
  Args.push_back("-isystem");
  Args.push_back(std::string(ShimDir));
  // Kernel code is full of casts and unused values: only errors matter to
  // the parse, and checks report their own findings.
  Args.push_back("-w");
  // GCC, and nvcc through it, warn where Clang rejects a narrowing of a
  // non-constant in a braced list ('at::zeros({n_elts}, ...)' with a size_t):
  // code built that way must parse here too.
  Args.push_back("-Wno-c++11-narrowing");
  Args.push_back("-ferror-limit=0");
}

std::vector<std::string> defaultParseArgs(SourceLanguage L,
                                          llvm::StringRef ShimDir,
                                          bool NoBuild) {
  std::vector<std::string> Args;
  llvm::StringRef ForceInclude;
  switch (L) {
  case SourceLanguage::Cuda:
  case SourceLanguage::Hip:
    // CUDA is parsed device-side, for one GPU arch: every kernel body is in
    // the AST either way, but only the device pass defines __CUDA_ARCH__,
    // and real kernels put whole bodies under '#if __CUDA_ARCH__ >= ...'
    // (ggml, flashinfer). sm_90 is the newest arch clang 19 knows that
    // kernels commonly select; no toolkit or device library is needed.
    // HIP is parsed host-side in CUDA mode (clang's HIP mode wants ROCm's
    // headers and device libraries): its API is CUDA's under other names,
    // which the HIP shim declares, and __HIP_PLATFORM_AMD__ selects the AMD
    // code paths (a device pass would define __CUDA_ARCH__, the NVIDIA ones).
    Args = {"-x", "cuda", "-nocudainc", "-nocudalib", "-std=c++17"};
    if (L == SourceLanguage::Cuda)
      Args.insert(Args.begin() + 2, {"--cuda-device-only", "--cuda-gpu-arch=sm_90"});
    else
      Args.insert(Args.begin() + 2, "--cuda-host-only");
    if (L == SourceLanguage::Hip) {
      Args.insert(Args.end(), {"-D__HIP_PLATFORM_AMD__=1", "-D__HIPCC__=1",
                               "-DUSE_ROCM=1"});
      ForceInclude = "__kernel_tidy_hip_runtime.h";
    } else {
      ForceInclude = "__kernel_tidy_cuda.h";
    }
    break;
  case SourceLanguage::Sycl:
    Args = {"-x", "c++", "-std=c++17"};
    ForceInclude = "__kernel_tidy_sycl.h";
    break;
  case SourceLanguage::Cxx:
  case SourceLanguage::Unknown:
    Args = {"-x", "c++", "-std=c++17"};
    ForceInclude = "__kernel_tidy_prelude.h";
    break;
  case SourceLanguage::Python:
    return Args;
  }
  addCommonArgs(Args, ShimDir);
  llvm::SmallString<256> Prelude(ShimDir);
  llvm::sys::path::append(Prelude, ForceInclude);
  if (llvm::sys::fs::exists(Prelude)) {
    Args.push_back("-include");
    Args.push_back(std::string(Prelude));
  }
  if (NoBuild) {
    // Stand-ins for framework headers (ATen accessors, torch-xpu-ops
    // helpers), searched only after every real include directory, then
    // the catch-all of empty stubs.
    llvm::SmallString<256> Fallback(ShimDir);
    llvm::sys::path::append(Fallback, "__kernel_tidy_fallback");
    if (llvm::sys::fs::is_directory(Fallback)) {
      Args.push_back("-idirafter");
      Args.push_back(std::string(Fallback));
    }
    Args.push_back("-idirafter");
    Args.push_back(std::string(stubIncludeDir()));
  }
  return Args;
}

namespace {

enum class CompilerKind { Nvcc, Hipcc, Sycl, Clang };

CompilerKind compilerKind(llvm::StringRef Argv0) {
  llvm::StringRef Name = llvm::sys::path::filename(Argv0);
  Name.consume_back(".exe");
  if (Name == "nvcc" || Name.ends_with("-nvcc") || Name == "nvc++")
    return CompilerKind::Nvcc;
  if (Name == "hipcc" || Name.starts_with("amdclang") ||
      Name == "hipcc.pl" || Name == "hipcc.bin")
    return CompilerKind::Hipcc;
  if (Name == "icpx" || Name == "dpcpp" || Name == "icx" ||
      Name == "dpcpp-cl")
    return CompilerKind::Sycl;
  return CompilerKind::Clang;
}

bool isSourcePath(llvm::StringRef Arg) {
  llvm::StringRef Ext = llvm::sys::path::extension(Arg);
  return llvm::StringSwitch<bool>(Ext)
      .Cases(".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c++", true)
      .Cases(".c", ".hip", ".h", ".hpp", ".hh", ".inl", true)
      .Default(false);
}

/// True when Dir holds a GPU toolkit's own runtime headers, which clang 19
/// cannot parse without the rest of the toolkit; the shim stands in.
bool isToolkitIncludeDir(llvm::StringRef Dir, llvm::StringRef ShimDir) {
  if (Dir.empty() || Dir == ShimDir)
    return false;
  for (const char *Probe :
       {"cuda_runtime_api.h", "hip/hip_runtime_api.h", "sycl/sycl.hpp"}) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Probe);
    if (llvm::sys::fs::exists(P))
      return true;
  }
  return false;
}

/// Flags whose value is a separate argument (or joined with '='), all of
/// which only matter to code generation, linking or dependency files.
bool isDroppedFlagWithValue(llvm::StringRef F) {
  return llvm::StringSwitch<bool>(F)
      .Cases("-o", "-MF", "-MT", "-MQ", "-gencode", "--generate-code", true)
      .Cases("-arch", "--gpu-architecture", "-code", "--gpu-code", true)
      .Cases("-Xptxas", "--ptxas-options", "-Xnvlink", "--nvlink-options",
             true)
      .Cases("-Xfatbin", "--fatbin-options", "-Xarchive", "-Xcudafe", true)
      .Cases("-ccbin", "--compiler-bindir", "-t", "--threads", true)
      .Cases("-maxrregcount", "--maxrregcount", "-rdc", "--default-stream",
             true)
      .Cases("--relocatable-device-code", "-odir", "--output-directory",
             "-keep-dir", true)
      .Cases("--keep-dir", "--diag-suppress", "-diag-suppress",
             "--diag_suppress", true)
      .Cases("-Xlinker", "-Xassembler", "-Xclang", "--offload-arch",
             "-Xarch_device", true)
      .Cases("-fsycl-targets", "-Xsycl-target-backend",
             "-Xsycl-target-frontend", "-Xs", true)
      .Cases("--cuda-gpu-arch", "--cuda-path", "--rocm-path",
             "--hip-device-lib-path", true)
      .Cases("-arch=sm", "-dlto", "--split-compile", "-L", "-l", true)
      .Default(false);
}

/// Flags kept with a value: they decide which headers and macros a parse
/// sees.
bool isKeptFlagWithValue(llvm::StringRef F) {
  return llvm::StringSwitch<bool>(F)
      .Cases("-I", "-D", "-U", "-isystem", "-iquote", "-idirafter", true)
      .Cases("-include", "-imacros", "-isysroot", "--sysroot", true)
      .Default(false);
}

/// nvcc's long spellings of the kept flags.
llvm::StringRef canonicalKeptFlag(llvm::StringRef F) {
  return llvm::StringSwitch<llvm::StringRef>(F)
      .Cases("--include-path", "-I", "-I")
      .Cases("--define-macro", "-D", "-D")
      .Cases("--undefine-macro", "-U", "-U")
      .Cases("--system-include", "-isystem", "-isystem")
      .Cases("--pre-include", "-include", "-include")
      .Default("");
}

/// Host flags that change how a file parses (exceptions, extensions,
/// instruction-set intrinsics); every other -f/-m/-W/-O/-g flag only changes
/// code generation or warnings and is dropped.
bool isKeptHostFlag(llvm::StringRef F) {
  return llvm::StringSwitch<bool>(F)
             .Cases("-fno-exceptions", "-fexceptions", "-fno-rtti", "-frtti",
                    true)
             .Cases("-fms-extensions", "-fchar8_t", "-fno-char8_t",
                    "-fcoroutines", true)
             .Cases("-fsigned-char", "-funsigned-char", "-fgnu-keywords",
                    "-fno-gnu-keywords", true)
             .Cases("-fopenmp", "-fno-operator-names", "-ffast-math", true)
             .Default(false) ||
         ((F.starts_with("-mavx") || F.starts_with("-msse") ||
           F.starts_with("-mfma") || F.starts_with("-mf16c") ||
           F.starts_with("-mbmi") || F.starts_with("-mamx") ||
           F.starts_with("-mavx512")) &&
          !F.contains('='));
}

/// Flags dropped silently-but-listed that take no value.
bool isKnownDroppedFlag(llvm::StringRef F) {
  return llvm::StringSwitch<bool>(F)
             .Cases("-c", "-MD", "-MMD", "-M", "-MM", "-MP", "-E", true)
             .Cases("--expt-relaxed-constexpr", "-expt-relaxed-constexpr",
                    "--expt-extended-lambda", "-expt-extended-lambda", true)
             .Cases("--extended-lambda", "-extended-lambda",
                    "--use_fast_math", "-use_fast_math", true)
             .Cases("--use-fast-math", "-forward-unknown-to-host-compiler",
                    "--forward-unknown-to-host-compiler", "-lineinfo", true)
             .Cases("--generate-line-info", "-G", "--device-debug", "-dc",
                    "-dlink", true)
             .Cases("--keep", "-keep", "-w", "--disable-warnings", "-v", true)
             .Cases("--Werror", "-Werror", "-pedantic", "-pthread", "-fsycl",
                    true)
             .Cases("-fPIC", "-fpic", "-fPIE", "-shared", "-static", true)
             .Cases("-nocudainc", "-nocudalib", "-nogpuinc", "-nogpulib",
                    "--cuda-host-only", true)
             .Cases("--cuda-device-only", "-fgpu-rdc", "-fno-gpu-rdc",
                    "-rdc=true", "-rdc=false", true)
             .Default(false);
}

class CommandTranslator {
public:
  CommandTranslator(llvm::StringRef ShimDir, llvm::StringRef Directory)
      : ShimDir(ShimDir), Directory(Directory) {}

  void translate(llvm::ArrayRef<std::string> Args, bool FromHost) {
    for (size_t I = 0; I < Args.size(); ++I) {
      llvm::StringRef A = Args[I];
      auto NextValue = [&](std::string &Out) {
        if (I + 1 < Args.size()) {
          Out = Args[++I];
          return true;
        }
        return false;
      };
      if (A.empty())
        continue;
      if (A[0] == '@') {
        expandResponseFile(A.drop_front(), FromHost);
        continue;
      }
      if (A[0] != '-' || A == "-") {
        if (isSourcePath(A))
          Inputs.push_back(A.str());
        else
          drop(A);
        continue;
      }
      // --options-file FILE (nvcc's response file).
      if (A == "--options-file" || A == "-optf") {
        std::string V;
        if (NextValue(V))
          expandResponseFile(V, FromHost);
        continue;
      }
      // -Xcompiler a,b  /  -Xcompiler=a,b  /  --compiler-options a,b
      if (A == "-Xcompiler" || A == "--compiler-options") {
        std::string V;
        if (NextValue(V))
          unwrapHostFlags(V);
        continue;
      }
      if (A.consume_front("-Xcompiler=") ||
          A.consume_front("--compiler-options=")) {
        unwrapHostFlags(A);
        continue;
      }
      // -x LANG / -xLANG / --x LANG
      if (A == "-x" || A == "--x") {
        std::string V;
        if (NextValue(V))
          setLanguage(V);
        continue;
      }
      if (A.starts_with("-x") && A.size() > 2) {
        setLanguage(A.drop_front(2));
        continue;
      }
      // -std=c++17 / --std=c++17 / --std c++17 / -std c++17 (nvcc)
      if (A == "-std" || A == "--std") {
        std::string V;
        if (NextValue(V))
          Std = "-std=" + V;
        continue;
      }
      if (A.consume_front("--std=") || A.consume_front("-std=")) {
        Std = "-std=" + A.str();
        continue;
      }
      if (handleKeptWithValue(A, Args, I))
        continue;
      if (A == "-fsycl" || A.starts_with("-fsycl-")) {
        SawSycl = true;
        drop(A);
        if (isDroppedFlagWithValue(A) && I + 1 < Args.size())
          drop(Args[++I]);
        continue;
      }
      if (isKeptHostFlag(A)) {
        Kept.push_back(A.str());
        continue;
      }
      // Dropped flags with a value: separate or joined with '='.
      llvm::StringRef Name = A.split('=').first;
      if (isDroppedFlagWithValue(A)) {
        std::string V;
        drop(A);
        if (NextValue(V))
          drop(V);
        continue;
      }
      if (isDroppedFlagWithValue(Name) || isKnownDroppedFlag(A) ||
          isKnownDroppedFlag(Name)) {
        drop(A);
        continue;
      }
      // -O3, -g, -W..., -f..., -m...: code generation and warnings.
      drop(A);
    }
  }

  std::vector<std::string> finish(llvm::StringRef Argv0,
                                  std::vector<std::string> *Dropped) {
    SourceLanguage L = language(Argv0);
    std::vector<std::string> Out = {"clang-tool"};
    for (std::string &A : defaultParseArgs(L, ShimDir, /*NoBuild=*/true))
      Out.push_back(std::move(A));
    if (!Std.empty())
      Out.push_back(Std);
    Out.insert(Out.end(), Kept.begin(), Kept.end());
    Out.insert(Out.end(), Inputs.begin(), Inputs.end());
    if (Dropped)
      Dropped->insert(Dropped->end(), DroppedArgs.begin(), DroppedArgs.end());
    return Out;
  }

private:
  SourceLanguage language(llvm::StringRef Argv0) const {
    if (!ExplicitLanguage.empty()) {
      if (ExplicitLanguage == "cu" || ExplicitLanguage == "cuda")
        return SourceLanguage::Cuda;
      if (ExplicitLanguage == "hip")
        return SourceLanguage::Hip;
    }
    CompilerKind K = compilerKind(Argv0);
    llvm::StringRef Input = Inputs.empty() ? "" : llvm::StringRef(Inputs[0]);
    llvm::StringRef Ext = llvm::sys::path::extension(Input);
    if (ExplicitLanguage.empty()) {
      if (K == CompilerKind::Nvcc && (Ext == ".cu" || Ext == ".cuh"))
        return SourceLanguage::Cuda;
      if (K == CompilerKind::Hipcc || Ext == ".hip")
        return SourceLanguage::Hip;
      if (Ext == ".cu" || Ext == ".cuh")
        return SourceLanguage::Cuda;
    }
    if (K == CompilerKind::Sycl || SawSycl)
      return SourceLanguage::Sycl;
    // A plain C++ command: a SYCL source compiled without -fsycl (a host
    // pass) still needs the SYCL shim to parse.
    if (!Input.empty()) {
      llvm::SmallString<256> Path(Input);
      if (!Directory.empty())
        llvm::sys::fs::make_absolute(Directory, Path);
      if (auto Buf = llvm::MemoryBuffer::getFile(Path)) {
        SourceLanguage C = classifySource(Input, (*Buf)->getBuffer());
        if (C == SourceLanguage::Sycl)
          return C;
      }
    }
    return SourceLanguage::Cxx;
  }

  void setLanguage(llvm::StringRef L) {
    if (L == "cu" || L == "cuda" || L == "hip")
      ExplicitLanguage = L.str();
    else if (L == "c++" || L == "c" || L == "none" || L == "c++-header")
      ExplicitLanguage.clear();
    else
      drop("-x" + L.str());
  }

  bool handleKeptWithValue(llvm::StringRef A, llvm::ArrayRef<std::string> Args,
                           size_t &I) {
    // Separate value: -I dir, --include-path dir, -include file.
    llvm::StringRef Canon = canonicalKeptFlag(A);
    if (Canon.empty() && isKeptFlagWithValue(A))
      Canon = A;
    if (!Canon.empty()) {
      if (I + 1 < Args.size())
        keep(Canon, Args[++I]);
      return true;
    }
    // Joined with '=': --include-path=dir, -isystem=dir (rare).
    auto [Name, Value] = A.split('=');
    if (Value.data() && A.contains('=')) {
      llvm::StringRef C = canonicalKeptFlag(Name);
      if (!C.empty()) {
        keep(C, Value);
        return true;
      }
    }
    // Joined: -Idir, -DX=1, -UX, -isystemdir.
    for (llvm::StringRef Prefix : {"-isystem", "-iquote", "-idirafter",
                                   "-include", "-imacros", "-I", "-D", "-U"}) {
      if (A.starts_with(Prefix) && A.size() > Prefix.size() &&
          !(Prefix == "-I" && A.starts_with("-include")) &&
          !(Prefix == "-I" && A.starts_with("-imacros"))) {
        keep(Prefix, A.drop_front(Prefix.size()));
        return true;
      }
    }
    return false;
  }

  void keep(llvm::StringRef Flag, llvm::StringRef Value) {
    bool IsDir = Flag == "-I" || Flag == "-isystem" || Flag == "-iquote" ||
                 Flag == "-idirafter";
    if (IsDir) {
      llvm::SmallString<256> Dir(Value);
      if (!Directory.empty() && llvm::sys::path::is_relative(Dir))
        llvm::sys::fs::make_absolute(Directory, Dir);
      if (isToolkitIncludeDir(Dir, ShimDir)) {
        drop((Flag + Value).str());
        return;
      }
      Kept.push_back(Flag.str());
      Kept.push_back(std::string(Dir));
      return;
    }
    if (Flag == "-D" || Flag == "-U") {
      Kept.push_back((Flag + Value).str());
      return;
    }
    Kept.push_back(Flag.str());
    Kept.push_back(Value.str());
  }

  void unwrapHostFlags(llvm::StringRef List) {
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    List.split(Parts, ',', -1, /*KeepEmpty=*/false);
    std::vector<std::string> Host;
    for (llvm::StringRef P : Parts) {
      P = P.trim().trim('"');
      if (!P.empty())
        Host.push_back(P.str());
    }
    translate(Host, /*FromHost=*/true);
  }

  void expandResponseFile(llvm::StringRef Name, bool FromHost) {
    llvm::SmallString<256> Path(Name);
    if (!Directory.empty() && llvm::sys::path::is_relative(Path))
      llvm::sys::fs::make_absolute(Directory, Path);
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    if (!Buf || ++ResponseDepth > 8) {
      drop(("@" + Name).str());
      return;
    }
    llvm::BumpPtrAllocator Alloc;
    llvm::StringSaver Saver(Alloc);
    llvm::SmallVector<const char *, 32> Tokens;
    llvm::cl::TokenizeGNUCommandLine((*Buf)->getBuffer(), Saver, Tokens);
    std::vector<std::string> Args(Tokens.begin(), Tokens.end());
    translate(Args, FromHost);
    --ResponseDepth;
  }

  void drop(llvm::StringRef A) { DroppedArgs.push_back(A.str()); }

  llvm::StringRef ShimDir;
  llvm::StringRef Directory;
  std::vector<std::string> Kept;
  std::vector<std::string> Inputs;
  std::vector<std::string> DroppedArgs;
  std::string Std;
  std::string ExplicitLanguage;
  bool SawSycl = false;
  int ResponseDepth = 0;
};

} // namespace

std::vector<std::string>
translateCompileCommand(llvm::ArrayRef<std::string> CommandLine,
                        llvm::StringRef ShimDir,
                        std::vector<std::string> *Dropped,
                        llvm::StringRef Directory) {
  if (CommandLine.empty())
    return {};
  CommandTranslator T(ShimDir, Directory);
  T.translate(CommandLine.drop_front(), /*FromHost=*/false);
  return T.finish(CommandLine.front(), Dropped);
}

} // namespace kerneltidy
