//===- CompileCommandsTest.cpp - compile databases and parse arguments ----===//
//
// translateCompileCommand on nvcc, hipcc, icpx and clang entries (kept and
// dropped flags, -Xcompiler, response files, toolkit include directories),
// and the CLI reading a compile_commands.json that holds nvcc commands.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/CompileCommands.h"
#include "lib/frontend/clang/NoBuildFileSystem.h"
#include "test/unit/CliTestSupport.h"

#include "gtest/gtest.h"
#include <algorithm>

using namespace kerneltidy;
using kerneltidy::test::TempDir;
using kerneltidy::test::writeText;

namespace {

bool has(const std::vector<std::string> &V, llvm::StringRef S) {
  return std::find(V.begin(), V.end(), S) != V.end();
}

/// True when Flag is immediately followed by Value.
bool hasPair(const std::vector<std::string> &V, llvm::StringRef Flag,
             llvm::StringRef Value) {
  for (size_t I = 0; I + 1 < V.size(); ++I)
    if (V[I] == Flag && V[I + 1] == Value)
      return true;
  return false;
}

std::string joined(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &A : V)
    S += A + " ";
  return S;
}

TEST(TranslateCompileCommand, NvccCommandFromCMake) {
  std::vector<std::string> Dropped;
  std::vector<std::string> Out = translateCompileCommand(
      {"/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler",
       "-DTORCH_EXTENSION=1", "-I/src/include", "-isystem", "/opt/third",
       "-O3", "-DNDEBUG", "-std=c++17", "--generate-code=arch=compute_90,code=[sm_90]",
       "-gencode", "arch=compute_80,code=sm_80", "-Xcompiler=-fPIC,-DHOST_ONLY=2",
       "-Xptxas", "-v", "--expt-relaxed-constexpr", "--expt-extended-lambda",
       "-rdc=true", "-ccbin", "/usr/bin/g++-12", "--use_fast_math",
       "--frobnicate", "-x", "cu", "-c", "/src/kernels/softmax.cu", "-o",
       "softmax.cu.o", "-MD", "-MF", "softmax.cu.o.d"},
      KT_SHIM_DIR, &Dropped);
  std::string S = joined(Out);
  ASSERT_FALSE(Out.empty());
  EXPECT_EQ(Out.front(), "clang-tool");
  EXPECT_EQ(Out.back(), "/src/kernels/softmax.cu") << S;
  EXPECT_TRUE(hasPair(Out, "-x", "cuda")) << S;
  EXPECT_TRUE(has(Out, "--cuda-device-only")) << S;
  EXPECT_TRUE(has(Out, "--cuda-gpu-arch=sm_90")) << S;
  EXPECT_TRUE(has(Out, "-DTORCH_EXTENSION=1")) << S;
  EXPECT_TRUE(has(Out, "-DNDEBUG")) << S;
  EXPECT_TRUE(has(Out, "-DHOST_ONLY=2")) << "-Xcompiler unwrapped: " << S;
  EXPECT_TRUE(hasPair(Out, "-I", "/src/include")) << S;
  EXPECT_TRUE(hasPair(Out, "-isystem", "/opt/third")) << S;
  EXPECT_TRUE(has(Out, "-std=c++17")) << S;
  for (const char *Gone : {"-gencode", "arch=compute_80,code=sm_80", "-O3",
                           "-Xptxas", "-v", "-ccbin", "/usr/bin/g++-12",
                           "-o", "softmax.cu.o", "-MF", "-c", "-MD", "-fPIC",
                           "--frobnicate", "-rdc=true",
                           "--expt-relaxed-constexpr"})
    EXPECT_FALSE(has(Out, Gone)) << Gone << " kept in: " << S;
  EXPECT_TRUE(has(Dropped, "--frobnicate")) << "unknown flags are listed";
  EXPECT_TRUE(has(Dropped, "-gencode"));
  EXPECT_TRUE(has(Dropped, "--use_fast_math"));
}

TEST(TranslateCompileCommand, NvccSeparateStdAndLongIncludeSpellings) {
  std::vector<std::string> Out = translateCompileCommand(
      {"nvcc", "--std", "c++20", "--include-path=/a", "--define-macro", "X=1",
       "--pre-include", "/a/pre.h", "-isystem=/opt/sys", "k.cu"},
      KT_SHIM_DIR);
  EXPECT_TRUE(hasPair(Out, "-isystem", "/opt/sys")) << "CMake's nvcc spelling";
  EXPECT_TRUE(has(Out, "-std=c++20"));
  EXPECT_TRUE(hasPair(Out, "-I", "/a"));
  EXPECT_TRUE(has(Out, "-DX=1"));
  EXPECT_TRUE(hasPair(Out, "-include", "/a/pre.h"));
  // The database's -std comes after the default one, so it wins.
  auto Default = std::find(Out.begin(), Out.end(), "-std=c++17");
  auto Db = std::find(Out.begin(), Out.end(), "-std=c++20");
  ASSERT_NE(Db, Out.end());
  EXPECT_TRUE(Default == Out.end() || Default < Db);
}

TEST(TranslateCompileCommand, ResponseFilesAreExpanded) {
  TempDir Dir;
  writeText(Dir.path("flags.rsp"),
            "-DFROM_RSP=1 -I inc \"-Xcompiler=-DQUOTED\" -gencode arch=compute_90,code=sm_90\n");
  std::vector<std::string> Dropped;
  std::vector<std::string> Out = translateCompileCommand(
      {"nvcc", "@flags.rsp", "k.cu"}, KT_SHIM_DIR, &Dropped, Dir.path());
  std::string S = joined(Out);
  EXPECT_TRUE(has(Out, "-DFROM_RSP=1")) << S;
  EXPECT_TRUE(has(Out, "-DQUOTED")) << S;
  EXPECT_TRUE(hasPair(Out, "-I", Dir.path("inc"))) << S;
  EXPECT_TRUE(has(Dropped, "-gencode"));
  // CMake hands nvcc its include directories in an options file.
  writeText(Dir.path("includes_CUDA.rsp"), "-I/opt/from_options_file\n");
  Out = translateCompileCommand(
      {"nvcc", "--options-file", "includes_CUDA.rsp", "k.cu"}, KT_SHIM_DIR,
      nullptr, Dir.path());
  EXPECT_TRUE(hasPair(Out, "-I", "/opt/from_options_file")) << joined(Out);
  // A response file that does not exist is dropped, not fatal.
  Dropped.clear();
  Out = translateCompileCommand({"nvcc", "@missing.rsp", "k.cu"}, KT_SHIM_DIR,
                                &Dropped, Dir.path());
  EXPECT_TRUE(has(Dropped, "@missing.rsp"));
  EXPECT_EQ(Out.back(), "k.cu");
}

TEST(TranslateCompileCommand, ToolkitIncludeDirectoriesGiveWayToTheShim) {
  TempDir Dir;
  writeText(Dir.path("cuda/include/cuda_runtime_api.h"), "#error real\n");
  writeText(Dir.path("proj/include/proj.h"), "\n");
  std::vector<std::string> Dropped;
  std::vector<std::string> Out = translateCompileCommand(
      {"nvcc", "-I" + Dir.path("cuda/include"), "-I" + Dir.path("proj/include"),
       "k.cu"},
      KT_SHIM_DIR, &Dropped);
  EXPECT_FALSE(has(Out, Dir.path("cuda/include")));
  EXPECT_TRUE(hasPair(Out, "-I", Dir.path("proj/include")));
  EXPECT_TRUE(has(Dropped, "-I" + Dir.path("cuda/include")));
}

TEST(TranslateCompileCommand, HipccAndSyclAndHostCompilers) {
  std::vector<std::string> Hip = translateCompileCommand(
      {"/opt/rocm/bin/hipcc", "--offload-arch=gfx90a", "-fgpu-rdc",
       "-DUSE_ROCM", "k.cpp"},
      KT_SHIM_DIR);
  EXPECT_TRUE(has(Hip, "-D__HIP_PLATFORM_AMD__=1")) << joined(Hip);
  EXPECT_FALSE(has(Hip, "--offload-arch=gfx90a"));
  EXPECT_TRUE(has(Hip, "-DUSE_ROCM"));

  std::vector<std::string> Sycl = translateCompileCommand(
      {"icpx", "-fsycl", "-fsycl-targets=spir64_gen", "-Xs", "-device pvc",
       "-I/x", "k.cpp"},
      KT_SHIM_DIR);
  std::string S = joined(Sycl);
  EXPECT_NE(S.find("__kernel_tidy_sycl.h"), std::string::npos) << S;
  EXPECT_FALSE(has(Sycl, "-device pvc")) << S;
  EXPECT_TRUE(hasPair(Sycl, "-I", "/x"));

  std::vector<std::string> ClangCuda = translateCompileCommand(
      {"clang++", "-x", "cuda", "--cuda-gpu-arch=sm_80", "-mavx2",
       "-march=native", "k.cu"},
      KT_SHIM_DIR);
  EXPECT_TRUE(hasPair(ClangCuda, "-x", "cuda"));
  EXPECT_TRUE(has(ClangCuda, "-mavx2"));
  EXPECT_FALSE(has(ClangCuda, "-march=native"));
  EXPECT_FALSE(has(ClangCuda, "--cuda-gpu-arch=sm_80"));

  std::vector<std::string> Gcc =
      translateCompileCommand({"g++", "-fno-exceptions", "-c", "host.cpp"},
                              KT_SHIM_DIR);
  EXPECT_TRUE(hasPair(Gcc, "-x", "c++"));
  EXPECT_TRUE(has(Gcc, "-fno-exceptions"));
  EXPECT_TRUE(translateCompileCommand({}, KT_SHIM_DIR).empty());
}

TEST(DefaultParseArgs, EachDialectGetsItsShim) {
  auto Joined = [](SourceLanguage L) {
    return joined(defaultParseArgs(L, KT_SHIM_DIR, /*NoBuild=*/true));
  };
  EXPECT_NE(Joined(SourceLanguage::Cuda).find("__kernel_tidy_cuda.h"),
            std::string::npos);
  EXPECT_NE(Joined(SourceLanguage::Hip).find("__kernel_tidy_hip_runtime.h"),
            std::string::npos);
  EXPECT_NE(Joined(SourceLanguage::Sycl).find("__kernel_tidy_sycl.h"),
            std::string::npos);
  EXPECT_NE(Joined(SourceLanguage::Cxx).find("__kernel_tidy_prelude.h"),
            std::string::npos);
  std::string NoBuild = Joined(SourceLanguage::Cuda);
  EXPECT_LT(NoBuild.find("__kernel_tidy_fallback"),
            NoBuild.find(stubIncludeDir().str()))
      << "framework stand-ins are searched before the empty stubs";
  EXPECT_EQ(
      joined(defaultParseArgs(SourceLanguage::Cuda, KT_SHIM_DIR, false))
          .find(stubIncludeDir().str()),
      std::string::npos);
}

// The CLI with -p: a compile_commands.json whose nvcc entry carries the
// only definition of a macro the file needs; a parse without the database
// fails on it, a parse with the translated command does not.
// The no-build file system serves missing headers as empty files and must
// know which stub paths are directories: the prefixes of included names.
// A quoted name ends at its closing quote, not at its opening one: from
// the opening one the name was the rest of the file, and every '/' after
// it (comments, other includes) recorded a prefix as long as the file, which
// took 24 GB on ggml-opencl.cpp (1.2 MB, 200 quoted includes).
TEST(NoBuildFileSystem, RecordsExactlyThePrefixesOfIncludedNames) {
  llvm::StringSet<> Dirs;
  recordIncludePrefixes("#include \"a.h\"\n"
                        "#include <b/c/d.h>\n"
                        "// see x/y and z/w\n"
                        "  #  include   \"e/f.h\"\n"
                        "#include \"unterminated/g.h\n"
                        "const char *s = \"include <not/closed\";\n",
                        Dirs);
  std::vector<std::string> Got;
  for (const auto &Entry : Dirs)
    Got.push_back(Entry.getKey().str());
  std::sort(Got.begin(), Got.end());
  EXPECT_EQ(Got, (std::vector<std::string>{"b", "b/c", "e"}));
}

TEST(CompileDatabaseCli, NvccDatabaseIsTranslatedAndUsed) {
  TempDir Dir;
  writeText(Dir.path("src/scale.cu"),
            "#include <cuda_runtime.h>\n"
            "#include \"scale.h\"\n"
            "#ifndef KT_FROM_DATABASE\n"
            "#error \"compiled without the database's -D\"\n"
            "#endif\n"
            "__global__ void scale(float *x, int n) {\n"
            "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "  if (i < n) x[i] *= SCALE_FACTOR;\n"
            "}\n"
            "void launch(float *x, int n, cudaStream_t s) {\n"
            "  scale<<<(n + 255) / 256, 256, 0, s>>>(x, n);\n"
            "}\n");
  writeText(Dir.path("include/scale.h"), "#define SCALE_FACTOR 2.0f\n");
  std::string Build = Dir.path("build");
  writeText(Build + "/compile_commands.json",
            "[{\"directory\": \"" + Build +
                "\", \"file\": \"" + Dir.path("src/scale.cu") +
                "\", \"command\": \"/usr/local/cuda/bin/nvcc "
                "-forward-unknown-to-host-compiler -DKT_FROM_DATABASE=1 "
                "-I" + Dir.path("include") +
                " -O3 --generate-code=arch=compute_90,code=[compute_90,sm_90] "
                "-Xcompiler=-fPIC --expt-relaxed-constexpr -std=c++17 "
                "-x cu -c " + Dir.path("src/scale.cu") +
                " -o CMakeFiles/scale.dir/src/scale.cu.o\"}]\n");
  kerneltidy::test::ProgramResult R = kerneltidy::test::runProgram(
      {KT_CLI_PATH, "--verbose", "-p", Build, Dir.path("src/scale.cu")});
  EXPECT_NE(R.Exit, 2) << R.Err;
  EXPECT_EQ(R.Err.find("compiler error"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("dropped compile flag '--generate-code"),
            std::string::npos)
      << R.Err;
  // Without the database the #error fires: proof the database was used.
  kerneltidy::test::ProgramResult NoDb = kerneltidy::test::runProgram(
      {KT_CLI_PATH, "--verbose", Dir.path("src/scale.cu")});
  EXPECT_NE(NoDb.Err.find("compiler error"), std::string::npos) << NoDb.Err;
}

// A SYCL source compiled as plain C++ (a host pass without -fsycl, the
// input named relative to the entry's "directory", as CMake writes it)
// still parses with the SYCL shim, with no compiler error.
TEST(CompileDatabaseCli, SyclHostPassWithRelativeInputParses) {
  TempDir Dir;
  writeText(Dir.path("src/rows.cpp"),
            "#include <sycl/sycl.hpp>\n"
            "#include <cstdint>\n"
            "void launch(sycl::queue &q, float *out, std::size_t n) {\n"
            "  q.parallel_for(sycl::nd_range<1>(n, 256), [=](sycl::nd_item<1> it) {\n"
            "    out[it.get_global_linear_id()] = 0.f;\n"
            "  });\n"
            "}\n");
  std::string Build = Dir.path("build");
  writeText(Build + "/compile_commands.json",
            "[{\"directory\": \"" + Build + "\", \"file\": \"" +
                Dir.path("src/rows.cpp") +
                "\", \"command\": \"/usr/bin/c++ -std=c++17 -O2 -c ../src/rows.cpp "
                "-o rows.o\"}]\n");
  kerneltidy::test::ProgramResult R = kerneltidy::test::runProgram(
      {KT_CLI_PATH, "--verbose", "-p", Build, Dir.path("src/rows.cpp")});
  EXPECT_NE(R.Exit, 2) << R.Err;
  EXPECT_EQ(R.Err.find("compiler error"), std::string::npos) << R.Err;
}

} // namespace
