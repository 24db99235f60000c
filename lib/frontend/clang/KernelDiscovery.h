//===- KernelDiscovery.h - which functions run on the device ----*- C++ -*-===//
//
// A "kernel" is the function whose body one GPU work item runs:
//  - CUDA/HIP: a '__global__' function or function template (HIP's
//    hipLaunchKernelGGL expands to a CUDA launch, so HIP kernels are found
//    the same way);
//  - SYCL: the call operator of a lambda or functor passed to a
//    parallel_for / single_task / parallel_for_work_group (or to a wrapper
//    with such a name, as torch-xpu-ops' sycl_kernel_submit), or of any
//    class whose call operator takes a sycl::nd_item / item / id / group
//    (torch-xpu-ops defines its kernels as such functors and submits them
//    through helpers that may be missing in a no-build run); and Intel's
//    free-function kernels marked SYCL_EXT_ONEAPI_FUNCTION_PROPERTY (the
//    shim turns the macro into an annotate attribute).
//
// A "launch site" is where host code starts a kernel: 'k<<<g, b, s, st>>>(..)',
// cudaLaunchKernel / hipLaunchKernel / cudaLaunchCooperativeKernel(Ex) on a
// kernel's address, or the parallel_for / single_task call.
//
// "Index parameters" are the kernel's parameters (and a SYCL lambda's
// captures) that take part in index arithmetic: integers (also dependent
// types such as 'index_t'), and SYCL item / nd_item / id parameters.
//
// Everything here tolerates invalid declarations and RecoveryExpr: a kernel
// whose parameter types could not be resolved (a missing framework header)
// is still reported, with Invalid set.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_KERNELDISCOVERY_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_KERNELDISCOVERY_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringRef.h"
#include <vector>

namespace kerneltidy {

enum class KernelKind {
  CudaGlobal,       // __global__ function (CUDA and HIP)
  SyclLambda,       // lambda passed to parallel_for / single_task
  SyclFunctor,      // class whose operator() is a SYCL kernel
  SyclFreeFunction, // SYCL_EXT_ONEAPI_FUNCTION_PROPERTY free function
  /// The __device__ call operator of a functor or lambda passed to a
  /// library's launcher (apex's multi_tensor_apply, ATen's gpu_kernel and
  /// its variants): the library's __global__ template runs it per item.
  LibraryFunctor,
};

/// "cuda", "sycl lambda", "sycl functor", "sycl free function", "device
/// functor".
llvm::StringRef kernelKindName(KernelKind K);

struct KernelInfo {
  /// The function whose body is the kernel: the __global__ function, the
  /// lambda's or functor's operator(), the free function. For templates the
  /// pattern (the templated declaration), not an instantiation.
  const clang::FunctionDecl *Body = nullptr;
  KernelKind Kind = KernelKind::CudaGlobal;
  /// Lambda class or functor class, for SYCL lambdas and functors.
  const clang::CXXRecordDecl *Record = nullptr;
  /// Parameters and (lambdas) captured variables used for indexing.
  std::vector<const clang::ValueDecl *> IndexParams;
  /// The declaration could not be fully resolved (missing headers).
  bool Invalid = false;
};

struct LaunchSite {
  /// The launching expression: CUDAKernelCallExpr, the cudaLaunchKernel
  /// call, or the parallel_for / single_task call.
  const clang::Expr *Call = nullptr;
  /// The kernel started, as the kernel list names it (a template pattern for
  /// launches of template specializations); null when it cannot be resolved
  /// (a dependent launch inside a template, a function pointer).
  const clang::FunctionDecl *Kernel = nullptr;
  /// Launch configuration where written: CUDA grid, block, dynamic shared
  /// memory and stream (defaulted arguments are null); SYCL: the range or
  /// nd_range in Grid.
  const clang::Expr *Grid = nullptr;
  const clang::Expr *Block = nullptr;
  const clang::Expr *SharedMem = nullptr;
  const clang::Expr *Stream = nullptr;
};

/// True when FD (a declaration or instantiation) is a CUDA/HIP kernel.
bool isCudaKernel(const clang::FunctionDecl *FD);

/// True when FD is a SYCL kernel by its own declaration: a call operator
/// taking an item / nd_item / id / group, or a free-function kernel. (Lambdas
/// given to single_task take nothing and are found only by findKernels,
/// which sees the call.)
bool isSyclKernelByDeclaration(const clang::FunctionDecl *FD);

/// True when FD is a kernel of any dialect by its own declaration; also true
/// for instantiations of such kernels.
bool isKernelFunction(const clang::FunctionDecl *FD);

/// Every kernel in the translation unit, in source order, each once (template
/// patterns, not instantiations). Kernels in system headers are skipped.
std::vector<KernelInfo> findKernels(clang::ASTContext &Ctx);

/// Every launch site in the translation unit, in source order.
std::vector<LaunchSite> findLaunchSites(clang::ASTContext &Ctx);

/// The pattern a kernel instantiation was instantiated from (itself when it
/// is not an instantiation): what findKernels reports.
const clang::FunctionDecl *kernelPattern(const clang::FunctionDecl *FD);

/// The parameters of a kernel body that take part in index arithmetic.
std::vector<const clang::ValueDecl *>
indexParameters(const clang::FunctionDecl *Body);

namespace matchers {
/// Matches kernels by declaration (isKernelFunction): use in
/// functionDecl(isKernel()) / hasAncestor(functionDecl(isKernel())).
AST_MATCHER(clang::FunctionDecl, isKernel) {
  return isKernelFunction(&Node);
}
} // namespace matchers

} // namespace kerneltidy

#endif
