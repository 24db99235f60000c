// kernel-tidy shim of libcu++ (<cuda/std/...>, shipped with the CUDA
// toolkit): 'cuda::std' names what the standard library's 'std' names, which
// is all that kernels use it for (type traits, forward, numeric limits).
// Each <cuda/std/X> of this folder includes <X> and this file. A stand-in
// (no-build mode, used only when the real header is missing): with the
// toolkit's own libcu++ on the path, its real namespace is used.
#pragma once
namespace cuda {
namespace std = ::std;
} // namespace cuda
