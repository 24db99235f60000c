//===- KernelDiscoveryTest.cpp - kernels found in every dialect -----------===//
//
// listKernels (and so findKernels / findLaunchSites) on small files written
// to a temporary directory and parsed exactly as the CLI parses them: the
// built-in shims, the framework prelude and the no-build file system. Each
// dialect must parse without a compiler error and every kernel, its index
// parameters and its launch sites must be listed.
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/clang/CompileCommands.h"
#include "lib/frontend/clang/NoBuildFileSystem.h"
#include "lib/frontend/clang/KernelDiscovery.h"
#include "lib/frontend/clang/KernelListing.h"
#include "test/unit/CliTestSupport.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace kerneltidy;
using kerneltidy::test::TempDir;
using kerneltidy::test::writeText;

namespace {

KernelListing listFile(const TempDir &Dir, llvm::StringRef Name,
                       llvm::StringRef Text) {
  std::string Path = Dir.path(Name);
  writeText(Path, Text);
  std::vector<std::string> Args = {"clang-tool"};
  for (std::string &A : defaultParseArgs(classifySource(Path, Text),
                                         KT_SHIM_DIR, /*NoBuild=*/true))
    Args.push_back(std::move(A));
  Args.push_back(Path);
  return listKernels(Args, Path,
                     createNoBuildFileSystem(llvm::vfs::getRealFileSystem()));
}

const ListedKernel *kernel(const KernelListing &L, llvm::StringRef Name) {
  for (const ListedKernel &K : L.Kernels)
    if (K.Name == Name)
      return &K;
  return nullptr;
}

bool hasParam(const ListedKernel &K, llvm::StringRef P) {
  return std::find(K.IndexParams.begin(), K.IndexParams.end(), P) !=
         K.IndexParams.end();
}

std::string dump(const KernelListing &L) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  printKernelListing(L, OS);
  return S;
}

TEST(KernelDiscovery, CudaKernelsTemplatesAndLaunches) {
  TempDir Dir;
  KernelListing L = listFile(Dir, "k.cu", R"(
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cooperative_groups.h>
#include <stdint.h>
namespace cg = cooperative_groups;
template <typename scalar_t, typename index_t>
__global__ void __launch_bounds__(256) scale(scalar_t *x, index_t n, float s) {
  index_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * s;
}
__global__ void sum_half(const __half *x, float *out, uint32_t n) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  float v = __half2float(x[threadIdx.x]);
  v += __shfl_xor_sync(0xffffffffu, v, 16);
  v = cg::reduce(tile, v, cg::plus<float>());
  if (tile.thread_rank() == 0) atomicAdd(out, v);
  atomicAdd((__half *)x, __float2half(v));
}
__device__ float helper(float v) { return rsqrtf(v) + __expf(v); }
void launch(float *x, int64_t n, cudaStream_t st) {
  scale<float, int64_t><<<dim3((n + 255) / 256), 256, 0, st>>>(x, n, 2.0f);
  scale<<<1, 32>>>(x, (int)n, 1.0f);
  cudaLaunchKernel((const void *)sum_half, dim3(1), dim3(32), nullptr, 0, st);
}
)");
  EXPECT_EQ(L.ParseErrors, 0u) << dump(L);
  ASSERT_EQ(L.Kernels.size(), 2u) << dump(L);
  const ListedKernel *Scale = kernel(L, "scale");
  ASSERT_NE(Scale, nullptr) << dump(L);
  EXPECT_TRUE(Scale->Template);
  EXPECT_EQ(Scale->Kind, "cuda");
  EXPECT_TRUE(hasParam(*Scale, "index_t n")) << dump(L);
  ASSERT_EQ(Scale->Launches.size(), 2u) << dump(L);
  EXPECT_EQ(Scale->Launches[0].Config, "<<<dim3((n + 255) / 256), 256, 0, st>>>");
  const ListedKernel *Sum = kernel(L, "sum_half");
  ASSERT_NE(Sum, nullptr);
  EXPECT_TRUE(hasParam(*Sum, "uint32_t n")) << dump(L);
  EXPECT_EQ(Sum->Launches.size(), 1u) << "cudaLaunchKernel is a launch site";
  EXPECT_EQ(kernel(L, "helper"), nullptr) << "__device__ is not a kernel";
}

TEST(KernelDiscovery, HipFileParsesWithTheHipShim) {
  TempDir Dir;
  KernelListing L = listFile(Dir, "k.hip", R"(
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
template <typename T>
__global__ void fill(T *x, int n, T v) {
  int i = undeclared_in_body;
}
)");
  // An error inside a kernel body is counted, and the kernel still found.
  EXPECT_GE(L.ParseErrors, 1u);
  EXPECT_NE(kernel(L, "fill"), nullptr) << dump(L);

  L = listFile(Dir, "ok.hip", R"(
#include <hip/hip_runtime.h>
__global__ void axpy(float a, const float *x, float *y, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
  unsigned long long lanes = __ballot64(i < n);
  (void)lanes;
}
int run(float *x, float *y, size_t n) {
  hipStream_t s;
  hipStreamCreate(&s);
  hipLaunchKernelGGL(axpy, dim3((n + 255) / 256), dim3(256), 0, s, 2.0f, x, y, n);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(axpy), 1, 64, 0, 0, 1.0f, x, y, n);
  return hipDeviceSynchronize() == hipSuccess;
}
)");
  EXPECT_EQ(L.ParseErrors, 0u) << dump(L);
  const ListedKernel *Axpy = kernel(L, "axpy");
  ASSERT_NE(Axpy, nullptr) << dump(L);
  ASSERT_EQ(Axpy->Launches.size(), 2u) << dump(L);
  EXPECT_EQ(Axpy->Launches[0].Config,
            "<<<dim3((n + 255) / 256), dim3(256), 0, s>>>")
      << "configuration spelt as written, not as the macro's parameters";
}

TEST(KernelDiscovery, SyclLambdasFunctorsAndFreeFunctions) {
  TempDir Dir;
  KernelListing L = listFile(Dir, "k.cpp", R"(
#include <sycl/sycl.hpp>
template <typename scalar_t>
struct ScaleFunctor {
  void operator()(sycl::nd_item<1> item) const {
    size_t i = item.get_global_linear_id();
    if (i < n) x[i] *= s;
  }
  scalar_t *x; scalar_t s; int64_t n;
};
template <typename T>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void free_fill(T *x, int n) {
  auto it = syclext::this_work_item::get_nd_item<1>();
  x[it.get_global_id(0)] = T(0);
}
void run(sycl::queue &q, float *x, sycl::half *h, int n) {
  q.submit([&](sycl::handler &cgh) {
    sycl::local_accessor<float, 1> tmp(256, cgh);
    cgh.parallel_for(sycl::nd_range<1>(n, 256), [=](sycl::nd_item<1> it) {
      sycl::atomic_ref<float, sycl::memory_order::relaxed,
                       sycl::memory_scope::device> ref(x[0]);
      ref.fetch_add(tmp[it.get_local_id(0)]);
    });
  });
  q.single_task([=]() { x[0] = 0; });
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { h[i] += sycl::half(1.0f); });
  q.parallel_for(sycl::nd_range<1>(n, 256), ScaleFunctor<float>{x, 2.0f, n});
}
)");
  EXPECT_EQ(L.ParseErrors, 0u) << dump(L);
  EXPECT_EQ(L.Kernels.size(), 5u) << dump(L);
  const ListedKernel *F = kernel(L, "ScaleFunctor::operator()");
  ASSERT_NE(F, nullptr) << dump(L);
  EXPECT_EQ(F->Kind, "sycl functor");
  EXPECT_TRUE(hasParam(*F, "int64_t n")) << dump(L);
  EXPECT_EQ(F->Launches.size(), 1u) << dump(L);
  const ListedKernel *Free = kernel(L, "free_fill");
  ASSERT_NE(Free, nullptr) << dump(L);
  EXPECT_EQ(Free->Kind, "sycl free function");
  size_t Lambdas = std::count_if(L.Kernels.begin(), L.Kernels.end(),
                                 [](const ListedKernel &K) {
                                   return K.Kind == "sycl lambda";
                                 });
  EXPECT_EQ(Lambdas, 3u) << "parallel_for (nd_range and range) and single_task";
}

// PyTorch-style source with none of its headers: the prelude's macros and
// the fallback stand-ins keep every kernel declaration valid.
TEST(KernelDiscovery, NoBuildPyTorchFile) {
  TempDir Dir;
  KernelListing L = listFile(Dir, "Loss.cu", R"(
#include <ATen/core/Tensor.h>
#include <ATen/AccumulateType.h>
#include <ATen/Dispatch.h>
#include <ATen/cuda/Atomic.cuh>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/core/TensorAccessor.h>
#include <ATen/cuda/detail/KernelUtils.h>
#include <c10/macros/Macros.h>
namespace at::native {
using at::cuda::detail::CUDA_NUM_THREADS;
using at::cuda::detail::GET_BLOCKS;
template <typename scalar_t>
C10_LAUNCH_BOUNDS_1(CUDA_NUM_THREADS)
__global__ void no_reduce_kernel(int64_t n_threads,
                                 PackedTensorAccessor64<scalar_t, 3> input,
                                 PackedTensorAccessor64<int64_t, 2> target,
                                 scalar_t *out) {
  CUDA_KERNEL_LOOP(index, n_threads) {
    int64_t b = index % input.size(0);
    int64_t t = target[b][0];
    CUDA_KERNEL_ASSERT(t >= 0);
    out[index] = input[b][t][0];
  }
}
template <typename scalar_t, typename accscalar_t>
C10_LAUNCH_BOUNDS_2(512, 4)
__global__ void sum_kernel(scalar_t *out, const scalar_t *in, int n) {
  accscalar_t acc = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) acc += in[i];
  gpuAtomicAdd(out, static_cast<scalar_t>(acc));
}
void host(const Tensor &self, int64_t count) {
  AT_DISPATCH_FLOATING_TYPES_AND2(at::ScalarType::Half, at::ScalarType::BFloat16,
                                  self.scalar_type(), "k", [&] {
    using accscalar_t = acc_type<scalar_t, true>;
    sum_kernel<scalar_t, accscalar_t><<<1, 512, 0, 0>>>(nullptr, nullptr, 3);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
  });
  TORCH_CHECK(count > 0, "count must be positive, got ", count);
}
} // namespace at::native
)");
  EXPECT_EQ(L.ParseErrors, 0u) << dump(L);
  const ListedKernel *NoReduce = kernel(L, "at::native::no_reduce_kernel");
  ASSERT_NE(NoReduce, nullptr) << dump(L);
  EXPECT_FALSE(NoReduce->Invalid) << dump(L);
  EXPECT_TRUE(hasParam(*NoReduce, "int64_t n_threads"));
  const ListedKernel *Sum = kernel(L, "at::native::sum_kernel");
  ASSERT_NE(Sum, nullptr) << dump(L);
  EXPECT_EQ(Sum->Launches.size(), 1u) << dump(L);
}

// The binding and launcher .cpp of a PyTorch extension: a plain C++ source
// that includes the CUDA runtime API (the build hands it to the host
// compiler) and torch's headers, none of them installed. It parses as the
// host compiler sees it: no Clang CUDA wrapper headers (which, outside CUDA
// mode, redeclare <cmath>'s functions: 250 errors per file before), no
// __noinline__ macro breaking libstdc++'s <memory>, torch re-exporting
// ATen's names, pybind11's module macro, CUDA graphs.
TEST(KernelDiscovery, HostSourceOfAnExtensionParses) {
  TempDir Dir;
  KernelListing L = listFile(Dir, "ext_bindings.cpp", R"(
#include <torch/extension.h>
#include <c10/cuda/CUDAGuard.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <memory>
#include <cmath>
#include <pybind11/pybind11.h>
void launch_cache(torch::Tensor in, torch::Tensor out, int rows, int cols);
void fp16_to_fp8(torch::Tensor in, torch::Tensor out, int rows, int cols) {
  TORCH_CHECK(in.dtype() == torch::kHalf, "in must be half");
  const at::cuda::OptionalCUDAGuard device_guard(device_of(in));
  cudaStream_t stream = at::cuda::getCurrentCUDAStream().stream();
  auto options = torch::TensorOptions().dtype(torch::kFloat16).device(in.device());
  torch::Tensor tmp = torch::empty({rows, in.size(1)}, options);
  if (!in.device().is_meta()) launch_cache(in, tmp, rows, cols);
  half h = __float2half(std::sqrt(2.0f));
  auto shared = std::make_shared<int>(rows);
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
  cudaStreamEndCapture(stream, &graph);
  cudaGraphInstantiate(&exec, graph, nullptr, nullptr, 0);
  cudaKernelNodeParams params;
  (void)params; (void)h; (void)shared;
}
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("fp16_to_fp8", &fp16_to_fp8, "fp16 to fp8", py::arg("in"), py::arg("out"));
}
)");
  EXPECT_EQ(L.ParseErrors, 0u) << dump(L);
}

// Missing types and undeclared kernels: the kernel is still listed (marked
// invalid, with no recovered 'int' posing as an index parameter) and its
// launch still resolved; nothing crashes.
TEST(KernelDiscovery, InvalidDeclarationsAreListedNotDropped) {
  TempDir Dir;
  KernelListing L = listFile(Dir, "bad.cu", R"(
#include <cuda_runtime.h>
__global__ void k(Unknown<float> acc, int n) { acc[n] = 0; }
void f() { k<<<1, 1>>>(nullptr, 1); missing_kernel<<<1, 1>>>(2); }
)");
  EXPECT_GE(L.ParseErrors, 2u);
  const ListedKernel *K = kernel(L, "k");
  ASSERT_NE(K, nullptr) << dump(L);
  EXPECT_TRUE(K->Invalid);
  EXPECT_FALSE(hasParam(*K, "int acc")) << dump(L);
  EXPECT_TRUE(hasParam(*K, "int n")) << dump(L);
  EXPECT_EQ(K->Launches.size(), 1u) << dump(L);
}

// The AST-level API the checks use.
TEST(KernelDiscovery, PredicatesOnDeclarations) {
  std::vector<std::string> Args =
      defaultParseArgs(SourceLanguage::Cuda, KT_SHIM_DIR, /*NoBuild=*/false);
  std::unique_ptr<clang::ASTUnit> AST = clang::tooling::buildASTFromCodeWithArgs(
      "template <class T> __global__ void k(T *x, int n) { x[n] = 0; }\n"
      "__device__ void d() {}\n"
      "void h(float *x) { k<<<1, 1>>>(x, 3); }\n",
      Args, "input.cu");
  ASSERT_TRUE(AST);
  std::vector<KernelInfo> Kernels = findKernels(AST->getASTContext());
  ASSERT_EQ(Kernels.size(), 1u);
  EXPECT_TRUE(isCudaKernel(Kernels[0].Body));
  EXPECT_EQ(Kernels[0].Body->getName(), "k");
  ASSERT_EQ(Kernels[0].IndexParams.size(), 1u);
  EXPECT_EQ(Kernels[0].IndexParams[0]->getName(), "n");
  std::vector<LaunchSite> Launches = findLaunchSites(AST->getASTContext());
  ASSERT_EQ(Launches.size(), 1u);
  EXPECT_EQ(Launches[0].Kernel, Kernels[0].Body)
      << "a launch of a specialization names the template pattern";
  EXPECT_NE(Launches[0].Grid, nullptr);
  EXPECT_EQ(Launches[0].SharedMem, nullptr) << "defaulted arguments are null";
}

} // namespace
