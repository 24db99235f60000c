//===- ReferenceKernels.cu - corrected CUDA kernels for the seed operations ===//
//
// See ReferenceKernels.h. Accumulation is always in float (acc_t), 16-bit
// values are converted on load and once on the final store.
//
//===----------------------------------------------------------------------===//
#include "runtime-kernels/ReferenceKernels.h"

#include <cfloat>

namespace kerneltidy {
namespace runtime {
namespace {

using acc_t = float;

__host__ __device__ inline acc_t toAcc(float v) { return v; }
__host__ __device__ inline acc_t toAcc(__half v) { return __half2float(v); }
template <typename scalar_t> __device__ inline scalar_t fromAcc(acc_t v);
template <> __device__ inline float fromAcc<float>(acc_t v) { return v; }
template <> __device__ inline __half fromAcc<__half>(acc_t v) {
  return __float2half(v);
}

// ---------------------------------------------------------------------------
// Spatial softmax. One thread per (outer, inner) column, dim walked serially:
// the shape of PyTorch's spatial kernels when dim_size is small. Every size,
// stride, loop index and intermediate offset is index_t.

template <typename index_t>
__global__ void spatialSoftmaxForwardKernel(float *output, const float *input,
                                            index_t outer_size,
                                            index_t dim_size,
                                            index_t inner_size) {
  const index_t outer_stride = inner_size * dim_size;
  const index_t dim_stride = inner_size;
  for (index_t outer_index = blockIdx.x; outer_index < outer_size;
       outer_index += gridDim.x) {
    const index_t outer_offset = outer_index * outer_stride;
    for (index_t inner_index =
             static_cast<index_t>(blockIdx.y) * blockDim.y + threadIdx.y;
         inner_index < inner_size;
         inner_index += static_cast<index_t>(blockDim.y) * gridDim.y) {
      const index_t data_offset = outer_offset + inner_index;
      acc_t max_input = -FLT_MAX;
      for (index_t d = 0; d < dim_size; d++)
        max_input = fmaxf(max_input, input[data_offset + d * dim_stride]);
      acc_t sum = 0;
      for (index_t d = 0; d < dim_size; d++)
        sum += expf(input[data_offset + d * dim_stride] - max_input);
      for (index_t d = 0; d < dim_size; d++) {
        const index_t offset = data_offset + d * dim_stride;
        output[offset] = expf(input[offset] - max_input) / sum;
      }
    }
  }
}

template <typename index_t>
__global__ void spatialSoftmaxBackwardKernel(float *grad_input,
                                             const float *output,
                                             const float *grad_output,
                                             index_t outer_size,
                                             index_t dim_size,
                                             index_t inner_size) {
  const index_t outer_stride = inner_size * dim_size;
  const index_t dim_stride = inner_size;
  for (index_t outer_index = blockIdx.x; outer_index < outer_size;
       outer_index += gridDim.x) {
    const index_t outer_offset = outer_index * outer_stride;
    for (index_t inner_index =
             static_cast<index_t>(blockIdx.y) * blockDim.y + threadIdx.y;
         inner_index < inner_size;
         inner_index += static_cast<index_t>(blockDim.y) * gridDim.y) {
      const index_t data_offset = outer_offset + inner_index;
      acc_t sum = 0;
      for (index_t d = 0; d < dim_size; d++) {
        const index_t offset = data_offset + d * dim_stride;
        sum += grad_output[offset] * output[offset];
      }
      for (index_t d = 0; d < dim_size; d++) {
        const index_t offset = data_offset + d * dim_stride;
        grad_input[offset] = output[offset] * (grad_output[offset] - sum);
      }
    }
  }
}

// Picks block (1, y) with y halved from 256 until one block is resident. The
// 64-bit instantiation needs more registers; a configuration can also report
// cudaSuccess with zero resident blocks (seen on gfx950), hence the count test.
cudaError_t chooseSpatialLaunch(const void *kernel, int64_t outer_size,
                                int64_t inner_size, IndexWidth width,
                                SpatialLaunch *launch) {
  int device = 0;
  cudaError_t err = cudaGetDevice(&device);
  if (err != cudaSuccess)
    return err;
  int sm_count = 0;
  err = cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount,
                               device);
  if (err != cudaSuccess)
    return err;
  for (unsigned block_y = 256; block_y >= 1; block_y /= 2) {
    int resident = 0;
    err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernel,
                                                        block_y, 0);
    if (err != cudaSuccess)
      return err;
    if (resident <= 0)
      continue;
    const int64_t grid_x = outer_size < 65535 ? outer_size : 65535;
    // Enough blocks to fill the device; the kernels stride over the rest.
    int64_t max_y = static_cast<int64_t>(resident) * sm_count * 4 / grid_x;
    max_y = max_y < 1 ? 1 : (max_y > 65535 ? 65535 : max_y);
    int64_t grid_y = (inner_size + block_y - 1) / block_y;
    grid_y = grid_y < max_y ? grid_y : max_y;
    launch->grid = dim3(static_cast<unsigned>(grid_x),
                        static_cast<unsigned>(grid_y < 1 ? 1 : grid_y));
    launch->block = dim3(1, block_y);
    launch->width = width;
    return cudaSuccess;
  }
  return cudaErrorLaunchOutOfResources;
}

template <typename Kernel32, typename Kernel64, typename... Args>
cudaError_t launchSpatial(Kernel32 kernel32, Kernel64 kernel64,
                          int64_t outer_size, int64_t dim_size,
                          int64_t inner_size, cudaStream_t stream,
                          SpatialLaunch *chosen, Args... pointers) {
  if (outer_size <= 0 || dim_size <= 0 || inner_size <= 0)
    return cudaSuccess;
  const IndexWidth width =
      spatialSoftmaxIndexWidth(outer_size, dim_size, inner_size);
  SpatialLaunch launch;
  cudaError_t err = chooseSpatialLaunch(
      width == IndexWidth::Bits32 ? reinterpret_cast<const void *>(kernel32)
                                  : reinterpret_cast<const void *>(kernel64),
      outer_size, inner_size, width, &launch);
  if (err != cudaSuccess)
    return err;
  if (chosen)
    *chosen = launch;
  if (width == IndexWidth::Bits32)
    kernel32<<<launch.grid, launch.block, 0, stream>>>(
        pointers..., static_cast<int32_t>(outer_size),
        static_cast<int32_t>(dim_size), static_cast<int32_t>(inner_size));
  else
    kernel64<<<launch.grid, launch.block, 0, stream>>>(
        pointers..., outer_size, dim_size, inner_size);
  return cudaGetLastError();
}

// ---------------------------------------------------------------------------
// nll_loss.

constexpr int kNllThreads = 256;

// Block-wide sum of two values in shared memory; the result is valid in
// thread 0. blockDim.x must be kNllThreads.
__device__ void blockSum2(acc_t &a, acc_t &b) {
  __shared__ acc_t shared_a[kNllThreads];
  __shared__ acc_t shared_b[kNllThreads];
  shared_a[threadIdx.x] = a;
  shared_b[threadIdx.x] = b;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      shared_a[threadIdx.x] += shared_a[threadIdx.x + s];
      shared_b[threadIdx.x] += shared_b[threadIdx.x + s];
    }
    __syncthreads();
  }
  a = shared_a[0];
  b = shared_b[0];
}

template <typename scalar_t>
__device__ inline acc_t weightOf(const scalar_t *weight, int64_t t) {
  return weight != nullptr ? toAcc(weight[t]) : acc_t(1);
}

// reduction='none' for [N, C, D]: one thread per (n, d). An ignored element's
// loss is 0; the target only forms an address when it is valid.
template <typename scalar_t>
__global__ void nllLossForwardNoReduceKernel(
    scalar_t *output, const scalar_t *input, const int64_t *target,
    const scalar_t *weight, int64_t batch_size, int64_t n_classes,
    int64_t map_nelem, int64_t ignore_index) {
  const int64_t total = batch_size * map_nelem;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < total; i += static_cast<int64_t>(blockDim.x) * gridDim.x) {
    const int64_t n = i / map_nelem;
    const int64_t d = i % map_nelem;
    const int64_t t = target[i];
    acc_t loss = 0;
    if (t != ignore_index)
      loss = -toAcc(input[(n * n_classes + t) * map_nelem + d]) *
             weightOf(weight, t);
    output[i] = fromAcc<scalar_t>(loss);
  }
}

// 1-D reduce: one block, float accumulation, mean divided in float.
template <typename scalar_t>
__global__ void nllLossForwardReduce1dKernel(
    scalar_t *output, scalar_t *total_weight, const scalar_t *input,
    const int64_t *target, const scalar_t *weight, int64_t batch_size,
    int64_t n_classes, int64_t ignore_index, bool size_average) {
  acc_t sum = 0;
  acc_t weight_sum = 0;
  for (int64_t n = threadIdx.x; n < batch_size; n += blockDim.x) {
    const int64_t t = target[n];
    if (t != ignore_index) {
      const acc_t w = weightOf(weight, t);
      sum -= toAcc(input[n * n_classes + t]) * w;
      weight_sum += w;
    }
  }
  blockSum2(sum, weight_sum);
  if (threadIdx.x == 0) {
    *total_weight = fromAcc<scalar_t>(weight_sum);
    *output = fromAcc<scalar_t>(size_average ? sum / weight_sum : sum);
  }
}

// 2-D reduce: blocks_per_sample blocks per sample, each adds its float
// partial sums into float scratch; the finalize kernel divides and casts.
template <typename scalar_t>
__global__ void nllLoss2dForwardReduceKernel(
    acc_t *sum_acc, acc_t *weight_acc, const scalar_t *input,
    const int64_t *target, const scalar_t *weight, int64_t n_classes,
    int64_t map_nelem, int64_t blocks_per_sample, int64_t ignore_index) {
  const int64_t sample = blockIdx.x / blocks_per_sample;
  const int64_t step = static_cast<int64_t>(blockDim.x) * blocks_per_sample;
  acc_t sum = 0;
  acc_t weight_sum = 0;
  for (int64_t d = (blockIdx.x % blocks_per_sample) * blockDim.x + threadIdx.x;
       d < map_nelem; d += step) {
    const int64_t t = target[sample * map_nelem + d];
    if (t != ignore_index) {
      const acc_t w = weightOf(weight, t);
      sum -= toAcc(input[(sample * n_classes + t) * map_nelem + d]) * w;
      weight_sum += w;
    }
  }
  blockSum2(sum, weight_sum);
  if (threadIdx.x == 0) {
    atomicAdd(weight_acc, weight_sum);
    atomicAdd(sum_acc, sum);
  }
}

template <typename scalar_t>
__global__ void nllLossForwardFinalizeKernel(scalar_t *output,
                                             scalar_t *total_weight,
                                             const acc_t *sum_acc,
                                             const acc_t *weight_acc,
                                             bool size_average) {
  const acc_t weight_sum = *weight_acc;
  *total_weight = fromAcc<scalar_t>(weight_sum);
  *output = fromAcc<scalar_t>(size_average ? *sum_acc / weight_sum : *sum_acc);
}

// total_weight is written for reduction='none' too (PyTorch reports the
// weight sum of the valid targets only when reducing; we keep it defined).
template <typename scalar_t>
__global__ void nllLossWeightSumKernel(scalar_t *total_weight,
                                       const int64_t *target,
                                       const scalar_t *weight, int64_t total,
                                       int64_t ignore_index) {
  acc_t unused = 0;
  acc_t weight_sum = 0;
  for (int64_t i = threadIdx.x; i < total; i += blockDim.x)
    if (target[i] != ignore_index)
      weight_sum += weightOf(weight, target[i]);
  blockSum2(unused, weight_sum);
  if (threadIdx.x == 0)
    *total_weight = fromAcc<scalar_t>(weight_sum);
}

// Backward for [N, C, D], one thread per (n, d). The store is predicated on
// the target's validity; grad_input is zero-filled by the caller.
template <typename scalar_t>
__global__ void nllLoss2dBackwardKernel(
    scalar_t *grad_input, const scalar_t *grad_output, const int64_t *target,
    const scalar_t *weight, const scalar_t *total_weight, int64_t batch_size,
    int64_t n_classes, int64_t map_nelem, int64_t ignore_index,
    Reduction reduction) {
  const int64_t total = batch_size * map_nelem;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < total; i += static_cast<int64_t>(blockDim.x) * gridDim.x) {
    const int64_t t = target[i];
    if (t == ignore_index)
      continue;
    acc_t scale;
    if (reduction == Reduction::None)
      scale = toAcc(grad_output[i]);
    else if (reduction == Reduction::Sum)
      scale = toAcc(grad_output[0]);
    else
      scale = toAcc(grad_output[0]) / toAcc(total_weight[0]);
    const int64_t n = i / map_nelem;
    const int64_t d = i % map_nelem;
    grad_input[(n * n_classes + t) * map_nelem + d] =
        fromAcc<scalar_t>(-scale * weightOf(weight, t));
  }
}

unsigned gridFor(int64_t total, int threads) {
  int64_t blocks = (total + threads - 1) / threads;
  blocks = blocks < 1 ? 1 : (blocks > 65535 ? 65535 : blocks);
  return static_cast<unsigned>(blocks);
}

} // namespace

IndexWidth spatialSoftmaxIndexWidth(int64_t outer_size, int64_t dim_size,
                                    int64_t inner_size) {
  // Divide instead of multiplying so that the test itself cannot overflow.
  const int64_t limit = INT32_MAX;
  if (outer_size <= 0 || dim_size <= 0 || inner_size <= 0)
    return IndexWidth::Bits32;
  if (dim_size > limit / outer_size)
    return IndexWidth::Bits64;
  return inner_size > limit / (outer_size * dim_size) ? IndexWidth::Bits64
                                                      : IndexWidth::Bits32;
}

cudaError_t spatialSoftmaxForward(float *output, const float *input,
                                  int64_t outer_size, int64_t dim_size,
                                  int64_t inner_size, cudaStream_t stream,
                                  SpatialLaunch *chosen) {
  return launchSpatial(spatialSoftmaxForwardKernel<int32_t>,
                       spatialSoftmaxForwardKernel<int64_t>, outer_size,
                       dim_size, inner_size, stream, chosen, output, input);
}

cudaError_t spatialSoftmaxBackward(float *grad_input, const float *output,
                                   const float *grad_output, int64_t outer_size,
                                   int64_t dim_size, int64_t inner_size,
                                   cudaStream_t stream, SpatialLaunch *chosen) {
  return launchSpatial(spatialSoftmaxBackwardKernel<int32_t>,
                       spatialSoftmaxBackwardKernel<int64_t>, outer_size,
                       dim_size, inner_size, stream, chosen, grad_input, output,
                       grad_output);
}

template <typename scalar_t>
cudaError_t nllLossForward(scalar_t *output, scalar_t *total_weight,
                           float *scratch, const scalar_t *input,
                           const int64_t *target, const scalar_t *weight,
                           int64_t batch_size, int64_t n_classes,
                           int64_t ignore_index, Reduction reduction,
                           cudaStream_t stream) {
  (void)scratch; // one block reduces the whole batch: no cross-block sum
  if (reduction == Reduction::None) {
    nllLossForwardNoReduceKernel<<<gridFor(batch_size, kNllThreads),
                                   kNllThreads, 0, stream>>>(
        output, input, target, weight, batch_size, n_classes, 1, ignore_index);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess)
      return err;
    nllLossWeightSumKernel<<<1, kNllThreads, 0, stream>>>(
        total_weight, target, weight, batch_size, ignore_index);
    return cudaGetLastError();
  }
  nllLossForwardReduce1dKernel<<<1, kNllThreads, 0, stream>>>(
      output, total_weight, input, target, weight, batch_size, n_classes,
      ignore_index, reduction == Reduction::Mean);
  return cudaGetLastError();
}

template <typename scalar_t>
cudaError_t nllLoss2dForward(scalar_t *output, scalar_t *total_weight,
                             float *scratch, const scalar_t *input,
                             const int64_t *target, const scalar_t *weight,
                             int64_t batch_size, int64_t n_classes,
                             int64_t map_nelem, int64_t ignore_index,
                             Reduction reduction, cudaStream_t stream) {
  const int64_t total = batch_size * map_nelem;
  if (reduction == Reduction::None) {
    nllLossForwardNoReduceKernel<<<gridFor(total, kNllThreads), kNllThreads, 0,
                                   stream>>>(output, input, target, weight,
                                             batch_size, n_classes, map_nelem,
                                             ignore_index);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess)
      return err;
    nllLossWeightSumKernel<<<1, kNllThreads, 0, stream>>>(
        total_weight, target, weight, total, ignore_index);
    return cudaGetLastError();
  }
  cudaError_t err = cudaMemsetAsync(scratch, 0, 2 * sizeof(float), stream);
  if (err != cudaSuccess)
    return err;
  int64_t blocks_per_sample =
      (map_nelem + 4 * kNllThreads - 1) / (4 * kNllThreads);
  blocks_per_sample = blocks_per_sample < 1 ? 1 : blocks_per_sample;
  nllLoss2dForwardReduceKernel<<<
      static_cast<unsigned>(blocks_per_sample * batch_size), kNllThreads, 0,
      stream>>>(scratch, scratch + 1, input, target, weight, n_classes,
                map_nelem, blocks_per_sample, ignore_index);
  err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  nllLossForwardFinalizeKernel<<<1, 1, 0, stream>>>(
      output, total_weight, scratch, scratch + 1, reduction == Reduction::Mean);
  return cudaGetLastError();
}

template <typename scalar_t>
cudaError_t nllLoss2dBackward(scalar_t *grad_input, const scalar_t *grad_output,
                              const int64_t *target, const scalar_t *weight,
                              const scalar_t *total_weight, int64_t batch_size,
                              int64_t n_classes, int64_t map_nelem,
                              int64_t ignore_index, Reduction reduction,
                              cudaStream_t stream) {
  const int64_t total = batch_size * map_nelem;
  nllLoss2dBackwardKernel<<<gridFor(total, kNllThreads), kNllThreads, 0,
                            stream>>>(grad_input, grad_output, target, weight,
                                      total_weight, batch_size, n_classes,
                                      map_nelem, ignore_index, reduction);
  return cudaGetLastError();
}

#define KT_INSTANTIATE_NLL(scalar_t)                                           \
  template cudaError_t nllLossForward<scalar_t>(                               \
      scalar_t *, scalar_t *, float *, const scalar_t *, const int64_t *,      \
      const scalar_t *, int64_t, int64_t, int64_t, Reduction, cudaStream_t);   \
  template cudaError_t nllLoss2dForward<scalar_t>(                             \
      scalar_t *, scalar_t *, float *, const scalar_t *, const int64_t *,      \
      const scalar_t *, int64_t, int64_t, int64_t, int64_t, Reduction,         \
      cudaStream_t);                                                           \
  template cudaError_t nllLoss2dBackward<scalar_t>(                            \
      scalar_t *, const scalar_t *, const int64_t *, const scalar_t *,         \
      const scalar_t *, int64_t, int64_t, int64_t, int64_t, Reduction,         \
      cudaStream_t);
KT_INSTANTIATE_NLL(float)
KT_INSTANTIATE_NLL(__half)
#undef KT_INSTANTIATE_NLL

} // namespace runtime
} // namespace kerneltidy
