//===- FixtureProofsHipTest.cu - the HIP fixtures, compiled as CUDA --------===//
//
// The HIP fixtures' kernel bodies use no HIP-only construct, so they compile
// as CUDA through a hipify-style header (runtime-kernels/harness/hip-shim:
// hipLaunchKernelGGL -> <<<>>>, hipStream_t -> cudaStream_t, ...). The files
// are included as they are and run on the H200 like the CUDA fixtures: the
// same arithmetic (32-bit products, fp16 atomics, a store through a sentinel)
// in the same width, on NVIDIA hardware rather than AMD's.
//
//===----------------------------------------------------------------------===//
#include "runtime-kernels/harness/FixtureProofSupport.h"

#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <vector>

namespace hip_shim_buggy {
#include "fixtures/hip/frontend/shim_row_offset.hip"
}
namespace hip_shim_fixed {
#include "fixtures/hip/frontend/shim_row_offset.fixed.hip"
}
namespace hip_dropout_buggy {
#include "fixtures/hip/kernel-index-width-mismatch/dropout_pair.hip"
}
namespace hip_dropout_fixed {
#include "fixtures/hip/kernel-index-width-mismatch/dropout_pair.fixed.hip"
}
namespace hip_grid_buggy {
#include "fixtures/hip/kernel-int32-offset/grid_index_int.hip"
}
namespace hip_grid_fixed {
#include "fixtures/hip/kernel-int32-offset/grid_index_int.fixed.hip"
}
namespace hip_stride_buggy {
#include "fixtures/hip/kernel-int32-offset/row_stride_uint32.hip"
}
namespace hip_stride_fixed {
#include "fixtures/hip/kernel-int32-offset/row_stride_uint32.fixed.hip"
}
namespace hip_embed_buggy {
#include "fixtures/hip/kernel-narrow-accumulation/embedding_backward_half_atomic.hip"
}
namespace hip_embed_fixed {
#include "fixtures/hip/kernel-narrow-accumulation/embedding_backward_half_atomic.fixed.hip"
}
namespace hip_nll_buggy {
#include "fixtures/hip/kernel-store-mask-mismatch/nll_loss_backward.hip"
}
namespace hip_nll_fixed {
#include "fixtures/hip/kernel-store-mask-mismatch/nll_loss_backward.fixed.hip"
}

namespace kerneltidy {
namespace runtime {
namespace {
using namespace proof;

constexpr int kCols = 4096;
constexpr int kRows = static_cast<int>(kTwo31 / kCols) + 1;
constexpr int64_t kN = static_cast<int64_t>(kRows) * kCols;

__host__ __device__ inline float pattern(int64_t i) {
  return static_cast<float>(i % 1021) + 0.5f;
}

std::string gib(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", bytes / (1 << 30));
  return text;
}

void expectVerdict(bool buggy, unsigned long long wrong, unsigned long long outside) {
  if (buggy)
    EXPECT_GT(wrong + outside, 0u)
        << "the buggy fixture was observed right at its boundary shape";
  else {
    EXPECT_EQ(wrong, 0u);
    EXPECT_EQ(outside, 0u);
  }
}

// copy_rows<__half> through launch_copy_rows: [kRows, 4096] half, the last
// row at element 2^31, in and out after 2^31 guards.
void proveHipShim(bool buggy, const char *key) {
  const uint64_t need = static_cast<uint64_t>(2.0 * (kTwo31 + kN) * 2);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<__half> in, out;
  ASSERT_EQ(in.allocate(kTwo31, kN, 0), cudaSuccess);
  ASSERT_EQ(out.allocate(kTwo31, kN, 0), cudaSuccess);
  ASSERT_EQ(prepare(in, __float2half(kCanary), [] __device__(int64_t i) {
              return __float2half(static_cast<float>(i % 1021));
            }),
            cudaSuccess);
  ASSERT_EQ(prepare(out, __float2half(kCanary),
                    [] __device__(int64_t) { return __ushort_as_half(0xFFFF); }),
            cudaSuccess);
  const cudaError_t err =
      buggy ? hip_shim_buggy::launch_copy_rows(out.data(), in.data(), kRows, kCols, 0)
            : hip_shim_fixed::launch_copy_rows(out.data(), in.data(), kRows, kCols, 0);
  ASSERT_EQ(err, cudaSuccess);
  KT_CUDA_ASSERT(cudaDeviceSynchronize());
  const __half *o = out.data();
  const Count wrong = countIf(kN, [=] __device__(int64_t i) {
    return !(__half2float(o[i]) == static_cast<float>(i % 1021));
  });
  const Count outside = guardWrites(out, __float2half(kCanary));
  recordResult(key, "[" + std::to_string(kRows) + ", 4096] half copy, last row at "
                    "element 2^31, needs " + gib(need) + ": wrong cells " +
                        describe(wrong) + "; out guard cells written " +
                        describe(outside));
  expectVerdict(buggy, wrong.count, outside.count);
}
TEST(HipAsCudaProof, ShimRowOffsetBuggy) { proveHipShim(true, "hip/frontend/shim_row_offset.hip"); }
TEST(HipAsCudaProof, ShimRowOffsetFixed) {
  proveHipShim(false, "hip/frontend/shim_row_offset.fixed.hip");
}

// relu_inplace through launch_relu: n = 2^31 + 4096, x after a 2^31 guard.
void proveHipGrid(bool buggy, const char *key) {
  const int64_t n = kTwo31 + 4096;
  const uint64_t need = static_cast<uint64_t>((kTwo31 + n) * 4.0);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> x;
  ASSERT_EQ(x.allocate(kTwo31, n, 0), cudaSuccess);
  ASSERT_EQ(prepare(x, kCanary, [] __device__(int64_t i) { return pattern(i) - 510.0f; }),
            cudaSuccess);
  if (buggy)
    hip_grid_buggy::launch_relu(x.data(), n, 0);
  else
    hip_grid_fixed::launch_relu(x.data(), n, 0);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *p = x.data();
  const Count wrong = countIf(n, [=] __device__(int64_t i) {
    const float v = pattern(i) - 510.0f;
    return !(p[i] == (v > 0.f ? v : 0.f));
  });
  const Count outside = guardWrites(x, kCanary);
  recordResult(key, "relu of 2^31 + 4096 floats in place, needs " + gib(need) +
                        ": wrong cells " + describe(wrong) +
                        "; guard cells written " + describe(outside));
  expectVerdict(buggy, wrong.count, outside.count);
}
TEST(HipAsCudaProof, GridIndexIntBuggy) { proveHipGrid(true, "hip/grid_index_int.hip"); }
TEST(HipAsCudaProof, GridIndexIntFixed) { proveHipGrid(false, "hip/grid_index_int.fixed.hip"); }

// scale_rows with uint32_t row * row_stride: rows = 2^20 + 1 of 4096, the
// last row at element 2^32 (wraps to 0). 32 GiB for in and out.
void proveHipStride(bool buggy, const char *key) {
  const uint32_t rows = (1u << 20) + 1, cols = 4096;
  const int64_t n = static_cast<int64_t>(rows) * cols;
  const uint64_t need = static_cast<uint64_t>(2.0 * n * 4);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> in, out;
  DeviceBuffer<float> scale;
  ASSERT_EQ(in.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(out.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(scale.allocate(rows), cudaSuccess);
  ASSERT_EQ(prepare(in, kCanary, [] __device__(int64_t i) { return pattern(i); }),
            cudaSuccess);
  ASSERT_EQ(prepare(out, kCanary, [] __device__(int64_t) { return __int_as_float(-1); }),
            cudaSuccess);
  float *s = scale.get();
  ASSERT_EQ(forEach(rows, [=] __device__(int64_t r) { s[r] = (r % 2) ? 2.0f : 4.0f; }),
            cudaSuccess);
  if (buggy)
    hip_stride_buggy::scale_rows<<<rows, 256>>>(out.data(), in.data(), s, rows, cols, cols);
  else
    hip_stride_fixed::scale_rows<<<rows, 256>>>(out.data(), in.data(), s, rows, cols, cols);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *o = out.data();
  const float *ip = in.data();
  const Count wrong = countIf(n, [=] __device__(int64_t i) {
    return !(o[i] == ip[i] * s[i / cols]);
  });
  recordResult(key, "[" + std::to_string(rows) + ", 4096] float, last row at element "
                    "2^32, needs " + gib(need) + ": wrong cells " + describe(wrong));
  expectVerdict(buggy, wrong.count, 0);
}
TEST(HipAsCudaProof, RowStrideUint32Buggy) { proveHipStride(true, "hip/row_stride_uint32.hip"); }
TEST(HipAsCudaProof, RowStrideUint32Fixed) {
  proveHipStride(false, "hip/row_stride_uint32.fixed.hip");
}

// fused_dropout_backward through dropout_backward_hip: n = 2^31 + 4096 is
// passed as (int)n, negative. 18 GiB.
void proveHipDropout(bool buggy, const char *key) {
  const int64_t n = kTwo31 + 4096;
  const uint64_t need = static_cast<uint64_t>(n * 9.0);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> dy, dx;
  Guarded<uint8_t> mask;
  ASSERT_EQ(dy.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(dx.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(mask.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(prepare(dy, kCanary, [] __device__(int64_t i) { return pattern(i); }),
            cudaSuccess);
  ASSERT_EQ(prepare(dx, kCanary, [] __device__(int64_t) { return __int_as_float(-1); }),
            cudaSuccess);
  ASSERT_EQ(prepare(mask, static_cast<uint8_t>(0), [] __device__(int64_t i) {
              return static_cast<uint8_t>(i % 3 != 0);
            }),
            cudaSuccess);
  if (buggy)
    hip_dropout_buggy::dropout_backward_hip(dx.data(), mask.data(), dy.data(), 0.5f, n, 0);
  else
    hip_dropout_fixed::dropout_backward_hip(dx.data(), mask.data(), dy.data(), 0.5f, n, 0);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *d = dx.data();
  const Count wrong = countIf(n, [=] __device__(int64_t i) {
    return !(d[i] == ((i % 3 != 0) ? pattern(i) / 0.5f : 0.0f));
  });
  recordResult(key, "dropout backward, p = 0.5, n = 2^31 + 4096, needs " + gib(need) +
                        ": wrong cells " + describe(wrong));
  expectVerdict(buggy, wrong.count, 0);
}
TEST(HipAsCudaProof, DropoutPairBackwardBuggy) {
  proveHipDropout(true, "hip/dropout_pair.hip (backward)");
}
TEST(HipAsCudaProof, DropoutPairBackwardFixed) {
  proveHipDropout(false, "hip/dropout_pair.fixed.hip (backward)");
}

// embedding backward: 4096 indices all pointing at row 0, dim 8, ones.
void proveHipEmbedding() {
  const int64_t num = 4096, dim = 8, weights = 4;
  std::vector<int64_t> idx(num, 0);
  std::vector<__half> go(num * dim, __float2half(1.0f));
  DeviceBuffer<int64_t> d_idx;
  DeviceBuffer<__half> d_go, d_gw;
  DeviceBuffer<float> d_acc;
  ASSERT_EQ(d_idx.allocate(num), cudaSuccess);
  ASSERT_EQ(d_idx.upload(idx), cudaSuccess);
  ASSERT_EQ(d_go.allocate(num * dim), cudaSuccess);
  ASSERT_EQ(d_go.upload(go), cudaSuccess);
  ASSERT_EQ(d_gw.allocate(weights * dim), cudaSuccess);
  ASSERT_EQ(d_acc.allocate(weights * dim), cudaSuccess);
  float got[2];
  for (int variant = 0; variant < 2; ++variant) {
    ASSERT_EQ(cudaMemset(d_gw.get(), 0, d_gw.bytes()), cudaSuccess);
    ASSERT_EQ(cudaMemset(d_acc.get(), 0, d_acc.bytes()), cudaSuccess);
    if (variant == 0)
      hip_embed_buggy::embedding_backward(d_gw.get(), d_go.get(), d_idx.get(), num, dim, 0);
    else
      hip_embed_fixed::embedding_backward(d_gw.get(), d_acc.get(), d_go.get(), d_idx.get(),
                                          num, weights, dim, 0);
    KT_LAUNCH_ASSERT(cudaGetLastError());
    std::vector<__half> host(weights * dim);
    ASSERT_EQ(d_gw.download(host), cudaSuccess);
    got[variant] = __half2float(host[0]);
  }
  recordResult("hip/embedding_backward_half_atomic.hip",
               "4096 indices of row 0, grad 1.0: grad_weight[0][0] = " +
                   formatFloat(got[0]) + " (fp64 4096)");
  recordResult("hip/embedding_backward_half_atomic.fixed.hip",
               "grad_weight[0][0] = " + formatFloat(got[1]));
  EXPECT_NE(got[0], 4096.0f);
  EXPECT_EQ(got[1], 4096.0f);
}
TEST(HipAsCudaProof, EmbeddingBackwardHalfAtomic) {
  KT_REQUIRE_GPU();
  proveHipEmbedding();
}

// nll_loss backward through launch_nll_loss_backward_hip, ignore_index -100.
void proveHipNll(bool buggy, const char *key) {
  const std::vector<int64_t> targets = {-100, 0, 1, -100, 0, 3, -100};
  const int64_t N = targets.size(), C = 4;
  std::vector<float> go(N);
  for (int64_t r = 0; r < N; ++r)
    go[r] = 0.5f + 0.125f * r;
  DeviceBuffer<int64_t> dt;
  DeviceBuffer<float> dgo;
  ASSERT_EQ(dt.allocate(N), cudaSuccess);
  ASSERT_EQ(dt.upload(targets), cudaSuccess);
  ASSERT_EQ(dgo.allocate(N), cudaSuccess);
  ASSERT_EQ(dgo.upload(go), cudaSuccess);
  Guarded<float> gi;
  ASSERT_EQ(gi.allocate(256, N * C, 256), cudaSuccess);
  ASSERT_EQ(prepare(gi, kCanary, Const<float>{0.0f}), cudaSuccess);
  if (buggy)
    hip_nll_buggy::launch_nll_loss_backward_hip(gi.data(), dt.get(), dgo.get(), N, C, -100);
  else
    hip_nll_fixed::launch_nll_loss_backward_hip(gi.data(), dt.get(), dgo.get(), N, C, -100);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  std::vector<float> host(gi.total());
  ASSERT_EQ(cudaMemcpy(host.data(), gi.base(), gi.total() * sizeof(float),
                       cudaMemcpyDeviceToHost),
            cudaSuccess);
  uint64_t wrong = 0;
  for (int64_t r = 0; r < N; ++r)
    for (int64_t c = 0; c < C; ++c)
      wrong += host[256 + r * C + c] != ((targets[r] == c) ? -go[r] : 0.0f);
  const Count outside = guardWrites(gi, kCanary);
  recordResult(key, "N=7 C=4 ignore_index=-100: wrong cells " + std::to_string(wrong) +
                        "; guard cells written " + describe(outside));
  expectVerdict(buggy, wrong, outside.count);
}
TEST(HipAsCudaProof, NllLossBackwardBuggy) {
  KT_REQUIRE_GPU();
  proveHipNll(true, "hip/nll_loss_backward.hip");
}
TEST(HipAsCudaProof, NllLossBackwardFixed) {
  KT_REQUIRE_GPU();
  proveHipNll(false, "hip/nll_loss_backward.fixed.hip");
}

} // namespace
} // namespace runtime
} // namespace kerneltidy
