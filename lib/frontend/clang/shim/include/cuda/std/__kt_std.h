// kernel-tidy shim of libcu++ (<cuda/std/...>, shipped with the CUDA
// toolkit): 'cuda::std' names what the standard library's 'std' names, which
// is all that kernels use it for (type traits, forward, numeric limits).
// Each <cuda/std/X> of this folder includes <X> and this file.
#pragma once
namespace cuda {
namespace std = ::std;
} // namespace cuda
