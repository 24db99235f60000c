//===- ReferenceKernels.h - corrected CUDA kernels for the seed operations ===//
//
// The reference implementations the GPU harness compares the fixtures with.
// Each is written the way its seed's fix describes it:
//  - spatial softmax forward and backward take an index_t and are dispatched
//    at runtime: int32_t while numel <= INT32_MAX, else int64_t; the launch
//    shrinks the block until the occupancy query says one block is resident;
//  - nll_loss (1-D) and nll_loss2d backward store only where the target is
//    valid, so the ignore_index sentinel never forms an address;
//  - nll_loss / nll_loss2d forward accumulate across blocks in float scratch
//    and a finalize kernel divides in float and casts once.
// Every entry point returns the first CUDA error it meets (launches included).
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIDY_RUNTIME_KERNELS_REFERENCEKERNELS_H
#define KERNELTIDY_RUNTIME_KERNELS_REFERENCEKERNELS_H

#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>

namespace kerneltidy {
namespace runtime {

enum class IndexWidth { Bits32, Bits64 };

/// PyTorch's canUse32BitIndexMath(t, INT_MAX) for a contiguous tensor: every
/// offset is below numel, so 32-bit signed offsets are safe iff
/// numel <= INT32_MAX. Host-only, needs no GPU.
IndexWidth spatialSoftmaxIndexWidth(int64_t outer_size, int64_t dim_size,
                                    int64_t inner_size);

/// The launch shape chosen for a spatial softmax kernel: block (1, block_y),
/// the largest power of two <= 256 for which the occupancy query reports at
/// least one resident block (a cudaSuccess with zero blocks is not enough).
struct SpatialLaunch {
  dim3 grid;
  dim3 block;
  IndexWidth width;
};

/// Softmax along dim of a contiguous [outer, dim, inner] float tensor.
cudaError_t spatialSoftmaxForward(float *output, const float *input,
                                  int64_t outer_size, int64_t dim_size,
                                  int64_t inner_size, cudaStream_t stream,
                                  SpatialLaunch *chosen = nullptr);
/// grad_input = output * (grad_output - sum_d(grad_output * output)).
cudaError_t spatialSoftmaxBackward(float *grad_input, const float *output,
                                   const float *grad_output, int64_t outer_size,
                                   int64_t dim_size, int64_t inner_size,
                                   cudaStream_t stream,
                                   SpatialLaunch *chosen = nullptr);

enum class Reduction { None, Mean, Sum };

/// nll_loss over input [N, C]. None: output [N]; Mean/Sum: output [1].
/// total_weight [1] is written for every reduction. scratch: 2 floats (used
/// for Mean/Sum). weight may be null (all ones).
template <typename scalar_t>
cudaError_t nllLossForward(scalar_t *output, scalar_t *total_weight,
                           float *scratch, const scalar_t *input,
                           const int64_t *target, const scalar_t *weight,
                           int64_t batch_size, int64_t n_classes,
                           int64_t ignore_index, Reduction reduction,
                           cudaStream_t stream);

/// nll_loss2d over input [N, C, D] (D = H * W), target [N, D]. None: output
/// [N, D]; Mean/Sum: output [1]. Same conventions as nllLossForward.
template <typename scalar_t>
cudaError_t nllLoss2dForward(scalar_t *output, scalar_t *total_weight,
                             float *scratch, const scalar_t *input,
                             const int64_t *target, const scalar_t *weight,
                             int64_t batch_size, int64_t n_classes,
                             int64_t map_nelem, int64_t ignore_index,
                             Reduction reduction, cudaStream_t stream);

/// Backward of nll_loss2d (map_nelem = 1 gives the 1-D op). grad_input [N, C,
/// D] must be zero-filled by the caller; only cells of valid targets are
/// written. grad_output: [N, D] for None, [1] otherwise; total_weight [1] is
/// read for Mean.
template <typename scalar_t>
cudaError_t nllLoss2dBackward(scalar_t *grad_input, const scalar_t *grad_output,
                              const int64_t *target, const scalar_t *weight,
                              const scalar_t *total_weight, int64_t batch_size,
                              int64_t n_classes, int64_t map_nelem,
                              int64_t ignore_index, Reduction reduction,
                              cudaStream_t stream);

/// The 1-D backward: the 2-D one with D = 1 ([N, C] is [N, C, 1]).
template <typename scalar_t>
cudaError_t nllLossBackward(scalar_t *grad_input, const scalar_t *grad_output,
                            const int64_t *target, const scalar_t *weight,
                            const scalar_t *total_weight, int64_t batch_size,
                            int64_t n_classes, int64_t ignore_index,
                            Reduction reduction, cudaStream_t stream) {
  return nllLoss2dBackward(grad_input, grad_output, target, weight,
                           total_weight, batch_size, n_classes, 1,
                           ignore_index, reduction, stream);
}

} // namespace runtime
} // namespace kerneltidy

#endif
