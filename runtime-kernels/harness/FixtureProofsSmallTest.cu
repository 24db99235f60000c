//===- FixtureProofsSmallTest.cu - store-mask and fp16 fixtures on the GPU -===//
//
// Compiles the buggy fixtures of kernel-store-mask-mismatch and
// kernel-narrow-accumulation and their fixed twins, each in its own
// namespace, and runs them at a shape where the hazard shows (a few KB of
// device memory each): outputs sit between canary guard zones, inputs are
// seeded, the expected values come from an fp64 host reference. Fail-first:
// a buggy fixture that stops showing its bug fails its test.
//
//===----------------------------------------------------------------------===//
#include "runtime-kernels/harness/FixtureProofSupport.h"

#include <cmath>
#include <vector>

// ---- kernel-store-mask-mismatch -------------------------------------------
namespace sm_assert_buggy {
#include "fixtures/cuda/kernel-store-mask-mismatch/assert_after_store.cu"
}
namespace sm_assert_fixed {
#include "fixtures/cuda/kernel-store-mask-mismatch/assert_after_store.fixed.cu"
}
namespace sm_gather_buggy {
#include "fixtures/cuda/kernel-store-mask-mismatch/gather_through_sentinel.cu"
}
namespace sm_gather_fixed {
#include "fixtures/cuda/kernel-store-mask-mismatch/gather_through_sentinel.fixed.cu"
}
namespace sm_lora_id_buggy {
#include "fixtures/cuda/kernel-store-mask-mismatch/lora_id_without_max_loras.cu"
}
namespace sm_lora_id_fixed {
#include "fixtures/cuda/kernel-store-mask-mismatch/lora_id_without_max_loras.fixed.cu"
}
namespace sm_lora_slot_buggy {
#include "fixtures/cuda/kernel-store-mask-mismatch/lora_slot_counter.cu"
}
namespace sm_lora_slot_fixed {
#include "fixtures/cuda/kernel-store-mask-mismatch/lora_slot_counter.fixed.cu"
}
namespace sm_onesided_buggy {
#include "fixtures/cuda/kernel-store-mask-mismatch/missed_one_sided_guard.cu"
}
namespace sm_onesided_fixed {
#include "fixtures/cuda/kernel-store-mask-mismatch/missed_one_sided_guard.fixed.cu"
}
namespace sm_moe_load_buggy {
#include "fixtures/cuda/kernel-store-mask-mismatch/moe_expert_load_atomic.cu"
}
namespace sm_moe_load_fixed {
#include "fixtures/cuda/kernel-store-mask-mismatch/moe_expert_load_atomic.fixed.cu"
}
namespace sm_moe_lower_buggy {
#include "fixtures/cuda/kernel-store-mask-mismatch/moe_guard_missing_lower_bound.cu"
}
namespace sm_moe_lower_fixed {
#include "fixtures/cuda/kernel-store-mask-mismatch/moe_guard_missing_lower_bound.fixed.cu"
}
namespace sm_pad_class_buggy {
#include "fixtures/cuda/kernel-store-mask-mismatch/nll_loss2d_backward_positive_sentinel.cu"
}
namespace sm_pad_class_fixed {
#include "fixtures/cuda/kernel-store-mask-mismatch/nll_loss2d_backward_positive_sentinel.fixed.cu"
}
namespace sm_m100_buggy {
#include "fixtures/cuda/kernel-store-mask-mismatch/nll_loss_backward_negative_sentinel.cu"
}
namespace sm_m100_fixed {
#include "fixtures/cuda/kernel-store-mask-mismatch/nll_loss_backward_negative_sentinel.fixed.cu"
}
namespace sm_template_buggy {
#include "fixtures/cuda/kernel-store-mask-mismatch/template_kernel.cu"
}
namespace sm_template_fixed {
#include "fixtures/cuda/kernel-store-mask-mismatch/template_kernel.fixed.cu"
}
namespace sm_nolint {
#include "fixtures/cuda/suppressions/nolint_store_mask.cu"
}

// ---- kernel-narrow-accumulation -------------------------------------------
namespace na_blocksum_buggy {
#include "fixtures/cuda/kernel-narrow-accumulation/block_sum_half_shuffle_tree.cu"
}
namespace na_blocksum_fixed {
#include "fixtures/cuda/kernel-narrow-accumulation/block_sum_half_shuffle_tree.fixed.cu"
}
namespace na_conv_buggy {
#include "fixtures/cuda/kernel-narrow-accumulation/conv1d_half_accumulator.cu"
}
namespace na_conv_fixed {
#include "fixtures/cuda/kernel-narrow-accumulation/conv1d_half_accumulator.fixed.cu"
}
namespace na_dependent_buggy {
#include "fixtures/cuda/kernel-narrow-accumulation/dependent_compound_target.cu"
}
namespace na_dependent_fixed {
#include "fixtures/cuda/kernel-narrow-accumulation/dependent_compound_target.fixed.cu"
}
namespace na_layernorm_buggy {
#include "fixtures/cuda/kernel-narrow-accumulation/layernorm_backward_bf16_atomic.cu"
}
namespace na_layernorm_fixed {
#include "fixtures/cuda/kernel-narrow-accumulation/layernorm_backward_bf16_atomic.fixed.cu"
}
namespace na_histogram_buggy {
#include "fixtures/cuda/kernel-narrow-accumulation/histogram_bf16_atomic_bins.cu"
}
namespace na_histogram_fixed {
#include "fixtures/cuda/kernel-narrow-accumulation/histogram_bf16_atomic_bins.fixed.cu"
}
namespace na_rowsum_buggy {
#include "fixtures/cuda/kernel-narrow-accumulation/row_sum_dispatched_scalar_t.cu"
}
namespace na_rowsum_fixed {
#include "fixtures/cuda/kernel-narrow-accumulation/row_sum_dispatched_scalar_t.fixed.cu"
}

namespace kerneltidy {
namespace runtime {
namespace {
using namespace proof;

template <typename T> std::vector<T> download(const T *dev, int64_t n) {
  std::vector<T> host(static_cast<size_t>(n));
  cudaMemcpy(host.data(), dev, n * sizeof(T), cudaMemcpyDeviceToHost);
  return host;
}
template <typename T> T *upload(DeviceBuffer<T> &buf, const std::vector<T> &v) {
  buf.allocate(v.size());
  buf.upload(v);
  return buf.get();
}

// ---------------------------------------------------------------------------
// nll-style 1-D backward: grad_input [N, C] zero-filled between two guard
// zones of `kGuard` canaries; target rows with sentinels.

constexpr int64_t kGuard = 256;

struct NllObservation {
  Count wrong;   // cells of grad_input that differ from the fp64 reference
  Count outside; // guard cells written
};

template <class Launch>
NllObservation runNll1d(const std::vector<int64_t> &targets, int64_t C,
                        int64_t ignore, Launch launch) {
  const int64_t N = static_cast<int64_t>(targets.size());
  std::vector<float> grad_out(N);
  for (int64_t r = 0; r < N; ++r)
    grad_out[r] = 0.5f + 0.125f * static_cast<float>(r);
  DeviceBuffer<int64_t> d_target;
  DeviceBuffer<float> d_grad_out;
  upload(d_target, targets);
  upload(d_grad_out, grad_out);
  Guarded<float> gi;
  gi.allocate(kGuard, N * C, kGuard);
  prepare(gi, kCanary, Const<float>{0.0f});
  launch(gi.data(), d_target.get(), d_grad_out.get(), N, C);
  cudaDeviceSynchronize();
  std::vector<float> got = download(gi.data(), N * C);
  NllObservation obs{{0, -1, -1}, guardWrites(gi, kCanary)};
  for (int64_t r = 0; r < N; ++r)
    for (int64_t c = 0; c < C; ++c) {
      const double ref =
          (targets[r] != ignore && targets[r] == c) ? -double(grad_out[r]) : 0.0;
      if (got[r * C + c] != static_cast<float>(ref)) {
        if (!obs.wrong.count)
          obs.wrong.first = r * C + c;
        obs.wrong.last = r * C + c;
        ++obs.wrong.count;
      }
    }
  return obs;
}

void recordNll(const std::string &key, const NllObservation &o) {
  recordResult(key, "wrong cells " + describe(o.wrong) + "; guard cells written " +
                        describe(o.outside));
}

const std::vector<int64_t> kM100Rows = {-100, 0, 1, -100, 0, 3, -100};

TEST(StoreMaskProof, AssertAfterStoreBuggyWritesBeforeTensor) {
  KT_REQUIRE_GPU();
  auto o = runNll1d(kM100Rows, 4, -100, [](float *gi, const int64_t *t,
                                           const float *go, int64_t n, int64_t c) {
    sm_assert_buggy::nll_loss_backward_late_assert<<<1, 32>>>(gi, t, go, n, c, -100);
  });
  KT_CUDA_ASSERT(cudaGetLastError());
  recordNll("assert_after_store.cu", o);
  EXPECT_GT(o.outside.count, 0u) << "the store before the assertion no longer "
                                    "writes through the sentinel";
}
TEST(StoreMaskProof, AssertAfterStoreFixedStaysInside) {
  KT_REQUIRE_GPU();
  auto o = runNll1d(kM100Rows, 4, -100, [](float *gi, const int64_t *t,
                                           const float *go, int64_t n, int64_t c) {
    sm_assert_fixed::nll_loss_backward_late_assert<<<1, 32>>>(gi, t, go, n, c, -100);
  });
  KT_CUDA_ASSERT(cudaGetLastError());
  recordNll("assert_after_store.fixed.cu", o);
  EXPECT_EQ(o.outside.count, 0u);
}

TEST(StoreMaskProof, NegativeSentinelBuggyWritesBeforeTensor) {
  KT_REQUIRE_GPU();
  auto o = runNll1d(kM100Rows, 4, -100, [](float *gi, const int64_t *t,
                                           const float *go, int64_t n, int64_t c) {
    sm_m100_buggy::nll_loss_backward_ignore_m100<<<1, 32>>>(gi, t, go, n, c);
  });
  KT_CUDA_ASSERT(cudaGetLastError());
  recordNll("nll_loss_backward_negative_sentinel.cu", o);
  EXPECT_GT(o.outside.count, 0u);
}
TEST(StoreMaskProof, NegativeSentinelFixedRight) {
  KT_REQUIRE_GPU();
  auto o = runNll1d(kM100Rows, 4, -100, [](float *gi, const int64_t *t,
                                           const float *go, int64_t n, int64_t c) {
    sm_m100_fixed::nll_loss_backward_ignore_m100<<<1, 32>>>(gi, t, go, n, c);
  });
  KT_CUDA_ASSERT(cudaGetLastError());
  recordNll("nll_loss_backward_negative_sentinel.fixed.cu", o);
  EXPECT_EQ(o.outside.count, 0u);
  EXPECT_EQ(o.wrong.count, 0u);
}

TEST(StoreMaskProof, TemplateKernelBuggyWritesBeforeTensor) {
  KT_REQUIRE_GPU();
  auto o = runNll1d(kM100Rows, 4, -100, [](float *gi, const int64_t *t,
                                           const float *go, int64_t n, int64_t c) {
    sm_template_buggy::nll_loss_backward_template<float, int64_t>
        <<<1, 32>>>(gi, t, go, n, c, -100);
  });
  KT_CUDA_ASSERT(cudaGetLastError());
  recordNll("template_kernel.cu <float, int64_t>", o);
  EXPECT_GT(o.outside.count, 0u);
}
TEST(StoreMaskProof, TemplateKernelFixedRight) {
  KT_REQUIRE_GPU();
  auto o = runNll1d(kM100Rows, 4, -100, [](float *gi, const int64_t *t,
                                           const float *go, int64_t n, int64_t c) {
    sm_template_fixed::nll_loss_backward_template<float, int64_t>
        <<<1, 32>>>(gi, t, go, n, c, -100);
  });
  KT_CUDA_ASSERT(cudaGetLastError());
  recordNll("template_kernel.fixed.cu <float, int64_t>", o);
  EXPECT_EQ(o.outside.count, 0u);
  EXPECT_EQ(o.wrong.count, 0u);
}

TEST(StoreMaskProof, NolintUnsuppressedKernelWritesBeforeTensor) {
  KT_REQUIRE_GPU();
  auto o = runNll1d(kM100Rows, 4, -100, [](float *gi, const int64_t *t,
                                           const float *go, int64_t n, int64_t c) {
    sm_nolint::unsuppressed<<<1, 32>>>(gi, t, go, n, c, -100);
  });
  KT_CUDA_ASSERT(cudaGetLastError());
  recordNll("nolint_store_mask.cu (kernel 'unsuppressed')", o);
  EXPECT_GT(o.outside.count, 0u);
}

// Positive sentinel, 2-D: N=3, C=4, D=5; the last sample has padding
// pixels (label C), whose offset n*C*D + C*D + d is past the tensor.
TEST(StoreMaskProof, PositiveSentinel2dBuggyWritesPastTensor) {
  KT_REQUIRE_GPU();
  for (int variant = 0; variant < 2; ++variant) {
    const int64_t N = 3, C = 4, D = 5;
    std::vector<int64_t> target(N * D);
    for (int64_t i = 0; i < N * D; ++i)
      target[i] = (i % 3 == 0) ? C : (i * 7) % C;
    std::vector<float> go(N * D);
    for (int64_t i = 0; i < N * D; ++i)
      go[i] = 0.25f + 0.0625f * i;
    DeviceBuffer<int64_t> dt;
    DeviceBuffer<float> dgo;
    upload(dt, target);
    upload(dgo, go);
    Guarded<float> gi;
    KT_CUDA_ASSERT(gi.allocate(kGuard, N * C * D, kGuard));
    KT_CUDA_ASSERT(prepare(gi, kCanary, Const<float>{0.0f}));
    if (variant == 0)
      sm_pad_class_buggy::nll_loss2d_backward_pad_class<<<1, 32>>>(
          gi.data(), dt.get(), dgo.get(), N, C, D);
    else
      sm_pad_class_fixed::nll_loss2d_backward_pad_class<<<1, 32>>>(
          gi.data(), dt.get(), dgo.get(), N, C, D);
    KT_LAUNCH_ASSERT(cudaGetLastError());
    std::vector<float> got = download(gi.data(), N * C * D);
    uint64_t wrong = 0;
    for (int64_t n = 0; n < N; ++n)
      for (int64_t c = 0; c < C; ++c)
        for (int64_t d = 0; d < D; ++d) {
          const int64_t t = target[n * D + d];
          const float ref = (t < C && t == c) ? -go[n * D + d] : 0.0f;
          wrong += got[(n * C + c) * D + d] != ref;
        }
    const Count outside = guardWrites(gi, kCanary);
    recordResult(variant == 0 ? "nll_loss2d_backward_positive_sentinel.cu"
                              : "nll_loss2d_backward_positive_sentinel.fixed.cu",
                 "N=3 C=4 D=5: wrong cells " + std::to_string(wrong) +
                     "; guard cells written " + describe(outside));
    if (variant == 0)
      EXPECT_GT(outside.count, 0u);
    else {
      EXPECT_EQ(outside.count, 0u);
      EXPECT_EQ(wrong, 0u);
    }
  }
}

// Atomics through an unvalidated id: counters (int) between guards.
TEST(StoreMaskProof, LoraIdBuggyCountsPastCounters) {
  KT_REQUIRE_GPU();
  for (int variant = 0; variant < 2; ++variant) {
    const int max_loras = 4;
    std::vector<int64_t> ids = {-1, 0, 1, 5, 2, 7, 3, 0};
    std::vector<float> scales = {0.5f, 1.5f, 2.5f, 3.5f};
    DeviceBuffer<int64_t> d_ids;
    DeviceBuffer<float> d_scales, d_tok_scale;
    upload(d_ids, ids);
    upload(d_scales, scales);
    KT_CUDA_ASSERT(d_tok_scale.allocate(ids.size()));
    KT_CUDA_ASSERT(cudaMemset(d_tok_scale.get(), 0, d_tok_scale.bytes()));
    Guarded<int> counts;
    KT_CUDA_ASSERT(counts.allocate(64, max_loras, 64));
    KT_CUDA_ASSERT(prepare(counts, -777, Const<int>{0}));
    auto launch = variant == 0 ? sm_lora_id_buggy::lora_token_stats
                               : sm_lora_id_fixed::lora_token_stats;
    launch<<<1, 32>>>(counts.data(), d_tok_scale.get(), d_ids.get(),
                      d_scales.get(), static_cast<int>(ids.size()), max_loras);
    KT_LAUNCH_ASSERT(cudaGetLastError());
    std::vector<int> got = download(counts.data(), max_loras);
    const std::vector<int> ref = {2, 1, 1, 1};
    const Count outside = guardWrites(counts, -777);
    recordResult(variant == 0 ? "lora_id_without_max_loras.cu"
                              : "lora_id_without_max_loras.fixed.cu",
                 "ids {-1,0,1,5,2,7,3,0}, max_loras=4: counters " +
                     std::to_string(got[0]) + "," + std::to_string(got[1]) + "," +
                     std::to_string(got[2]) + "," + std::to_string(got[3]) +
                     "; guard cells written " + describe(outside));
    EXPECT_EQ(got, ref);
    if (variant == 0)
      EXPECT_GT(outside.count, 0u);
    else
      EXPECT_EQ(outside.count, 0u);
  }
}

TEST(StoreMaskProof, LoraSlotBuggyCountsOutsideCounters) {
  KT_REQUIRE_GPU();
  for (int variant = 0; variant < 2; ++variant) {
    const int max_loras = 4;
    std::vector<int> slots = {-1, 0, 4, 1, 2, 3, -1, 0};
    std::vector<int> slot_rank = {8, 16, 32, 64};
    DeviceBuffer<int> d_slots, d_rank, d_tok_rank;
    upload(d_slots, slots);
    upload(d_rank, slot_rank);
    KT_CUDA_ASSERT(d_tok_rank.allocate(slots.size()));
    KT_CUDA_ASSERT(cudaMemset(d_tok_rank.get(), 0, d_tok_rank.bytes()));
    Guarded<int> counts;
    KT_CUDA_ASSERT(counts.allocate(64, max_loras, 64));
    KT_CUDA_ASSERT(prepare(counts, -777, Const<int>{0}));
    auto launch = variant == 0 ? sm_lora_slot_buggy::lora_slot_counter
                               : sm_lora_slot_fixed::lora_slot_counter;
    launch<<<1, 32>>>(counts.data(), d_tok_rank.get(), d_slots.get(),
                      d_rank.get(), static_cast<int>(slots.size()), max_loras);
    KT_LAUNCH_ASSERT(cudaGetLastError());
    std::vector<int> got = download(counts.data(), max_loras);
    const std::vector<int> ref = {2, 1, 1, 1};
    const Count outside = guardWrites(counts, -777);
    recordResult(variant == 0 ? "lora_slot_counter.cu" : "lora_slot_counter.fixed.cu",
                 "slots {-1,0,4,1,2,3,-1,0}, max_loras=4: guard cells written " +
                     describe(outside));
    EXPECT_EQ(got, ref);
    if (variant == 0)
      EXPECT_GT(outside.count, 0u);
    else
      EXPECT_EQ(outside.count, 0u);
  }
}

// The dropped slot adds 0.0 at [-1]. The guard holds -0.0f: -0.0 + 0.0 is
// +0.0 in round-to-nearest, so the add is visible bitwise.
template <class Launch>
void runMoe(const char *key, bool buggy, Launch launch) {
  std::vector<int> ids = {-1, 0, 1, -1, 2, 1, -1, 0};
  std::vector<float> w = {0.5f, 1.0f, 2.0f, 4.0f, 8.0f, 16.0f, 32.0f, 64.0f};
  DeviceBuffer<int> d_ids;
  DeviceBuffer<float> d_w;
  upload(d_ids, ids);
  upload(d_w, w);
  Guarded<float> sums;
  ASSERT_EQ(sums.allocate(64, 3, 64), cudaSuccess);
  ASSERT_EQ(prepare(sums, -0.0f, Const<float>{0.0f}),
            cudaSuccess);
  launch(sums.data(), d_ids.get(), d_w.get(), static_cast<int>(ids.size()));
  KT_LAUNCH_ASSERT(cudaGetLastError());
  std::vector<float> got = download(sums.data(), 3);
  const Count outside = guardWrites(sums, -0.0f);
  recordResult(key, "ids {-1,0,1,-1,2,1,-1,0}: sums " + formatFloat(got[0]) +
                        "," + formatFloat(got[1]) + "," + formatFloat(got[2]) +
                        " (reference 65,18,8); guard cells (canary -0.0) written " +
                        describe(outside));
  EXPECT_EQ(got, (std::vector<float>{65.0f, 18.0f, 8.0f}));
  if (buggy)
    EXPECT_GT(outside.count, 0u);
  else
    EXPECT_EQ(outside.count, 0u);
}

TEST(StoreMaskProof, MoeExpertLoadBuggyAddsAtMinusOne) {
  KT_REQUIRE_GPU();
  runMoe("moe_expert_load_atomic.cu", true, [](float *s, const int *ids,
                                               const float *w, int n) {
    sm_moe_load_buggy::moe_expert_load<<<1, 32>>>(s, ids, w, n);
  });
  runMoe("moe_expert_load_atomic.fixed.cu", false,
         [](float *s, const int *ids, const float *w, int n) {
           sm_moe_load_fixed::moe_expert_load<<<1, 32>>>(s, ids, w, n);
         });
}
TEST(StoreMaskProof, MoeMissingLowerBoundBuggyAddsAtMinusOne) {
  KT_REQUIRE_GPU();
  runMoe("moe_guard_missing_lower_bound.cu", true,
         [](float *s, const int *ids, const float *w, int n) {
           sm_moe_lower_buggy::moe_local_weight_sum<<<1, 32>>>(s, ids, w, n, 3);
         });
  runMoe("moe_guard_missing_lower_bound.fixed.cu", false,
         [](float *s, const int *ids, const float *w, int n) {
           sm_moe_lower_fixed::moe_local_weight_sum<<<1, 32>>>(s, ids, w, n, 3);
         });
}

// Load-only hazards: the outputs are right; compute-sanitizer memcheck (run
// by run-gpu-validation.sh) reports the invalid read for the buggy file.
// 'weight' is its own exact allocation of C floats.
void runGather(bool buggy) {
  const std::vector<int64_t> targets = kM100Rows;
  const int64_t N = targets.size(), C = 4;
  std::vector<float> weight = {1.0f, 2.0f, 3.0f, 4.0f}, go(N, 1.0f);
  DeviceBuffer<int64_t> dt;
  DeviceBuffer<float> dw, dgo, dgi;
  upload(dt, targets);
  upload(dw, weight);
  upload(dgo, go);
  ASSERT_EQ(dgi.allocate(N * C), cudaSuccess);
  ASSERT_EQ(cudaMemset(dgi.get(), 0, dgi.bytes()), cudaSuccess);
  if (buggy)
    sm_gather_buggy::weighted_nll_backward<<<1, 32>>>(dgi.get(), dt.get(), dw.get(),
                                                      dgo.get(), N, C, -100);
  else
    sm_gather_fixed::weighted_nll_backward<<<1, 32>>>(dgi.get(), dt.get(), dw.get(),
                                                      dgo.get(), N, C, -100);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  std::vector<float> got = download(dgi.get(), N * C);
  uint64_t wrong = 0;
  for (int64_t r = 0; r < N; ++r)
    for (int64_t c = 0; c < C; ++c)
      wrong += got[r * C + c] !=
               ((targets[r] == c) ? -weight[c] : 0.0f);
  recordResult(buggy ? "gather_through_sentinel.cu" : "gather_through_sentinel.fixed.cu",
               "outputs: " + std::to_string(wrong) +
                   " wrong cells (the hazard is a read of weight[-100]; see memcheck)");
  EXPECT_EQ(wrong, 0u);
}
TEST(MemcheckOnly, GatherThroughSentinelBuggy) {
  KT_REQUIRE_GPU();
  runGather(true);
}
TEST(MemcheckOnly, GatherThroughSentinelFixed) {
  KT_REQUIRE_GPU();
  runGather(false);
}

// The XFAIL'd one-sided guard: expert id -1 increments shared_counts[-1],
// before the dynamic shared array. Outputs cannot show it; memcheck can.
// Not run outside memcheck (an invalid shared access may end the context).
void runOneSided(bool buggy) {
  std::vector<int32_t> ids = {0, 1, -1, 2, -1, 3, 1, 1};
  const int num_experts = 4;
  DeviceBuffer<int32_t> d_ids, d_counts;
  upload(d_ids, ids);
  ASSERT_EQ(d_counts.allocate(num_experts), cudaSuccess);
  const size_t shmem = 32 * sizeof(int32_t);
  if (buggy)
    sm_onesided_buggy::moe_align_count<<<1, 32, shmem>>>(d_ids.get(), d_counts.get(),
                                                        ids.size(), num_experts);
  else
    sm_onesided_fixed::moe_align_count<<<1, 32, shmem>>>(d_ids.get(), d_counts.get(),
                                                        ids.size(), num_experts);
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  recordResult(buggy ? "missed_one_sided_guard.cu" : "missed_one_sided_guard.fixed.cu",
               std::string("launch ") + cudaGetErrorName(launch) + ", sync " +
                   cudaGetErrorName(sync) + " (see memcheck)");
}
TEST(MemcheckOnly, MissedOneSidedGuardBuggy) {
  KT_REQUIRE_GPU();
  runOneSided(true);
}
TEST(MemcheckOnly, MissedOneSidedGuardFixed) {
  KT_REQUIRE_GPU();
  runOneSided(false);
}

// ---------------------------------------------------------------------------
// kernel-narrow-accumulation

// One block of 1024 threads: warp 0 holds +40000 in every lane, warp 1
// -40000, the rest 0. The fp64 block sum is 0; a half lane sum of two
// 40000s is already past 65504.
TEST(NarrowAccumulationProof, BlockSumHalfShuffleTree) {
  KT_REQUIRE_GPU();
  const int n = 1024;
  std::vector<__half> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = __float2half(i < 32 ? 40000.0f : (i < 64 ? -40000.0f : 0.0f));
  DeviceBuffer<__half> d_in, d_sum;
  upload(d_in, in);
  KT_CUDA_ASSERT(d_sum.allocate(1));
  float sums[2];
  for (int variant = 0; variant < 2; ++variant) {
    KT_CUDA_ASSERT(d_sum.poison());
    if (variant == 0)
      na_blocksum_buggy::block_sum_fp16<<<1, n>>>(d_sum.get(), d_in.get(), n);
    else
      na_blocksum_fixed::block_sum_fp16<<<1, n>>>(d_sum.get(), d_in.get(), n);
    KT_LAUNCH_ASSERT(cudaGetLastError());
    sums[variant] = __half2float(download(d_sum.get(), 1)[0]);
  }
  // window_sum_fp16: 1024 taps of half(0.1) = 0.0999755859375 (fp64 sum
  // 102.375, exact in half and in a float sum).
  const int m = 256;
  std::vector<__half> taps(m + 1024, __float2half(0.1f));
  DeviceBuffer<__half> d_taps, d_win;
  upload(d_taps, taps);
  KT_CUDA_ASSERT(d_win.allocate(m));
  float win[2];
  for (int variant = 0; variant < 2; ++variant) {
    KT_CUDA_ASSERT(d_win.poison());
    if (variant == 0)
      na_blocksum_buggy::window_sum_fp16<<<1, m>>>(d_win.get(), d_taps.get(), m);
    else
      na_blocksum_fixed::window_sum_fp16<<<1, m>>>(d_win.get(), d_taps.get(), m);
    KT_LAUNCH_ASSERT(cudaGetLastError());
    win[variant] = __half2float(download(d_win.get(), 1)[0]);
  }
  recordResult("block_sum_half_shuffle_tree.cu",
               "block_sum_fp16 (warp 0 +40000, warp 1 -40000; fp64 0): " +
                   formatFloat(sums[0]) + "; window_sum_fp16 (1024 x half(0.1); fp64 102.375): " +
                   formatFloat(win[0]));
  recordResult("block_sum_half_shuffle_tree.fixed.cu",
               "block_sum_fp16: " + formatFloat(sums[1]) +
                   "; window_sum_fp16: " + formatFloat(win[1]));
  EXPECT_FALSE(std::isfinite(sums[0])) << "buggy half block sum stayed finite";
  EXPECT_NE(win[0], 102.375f) << "buggy half window sum is exact";
  EXPECT_EQ(sums[1], 0.0f);
  EXPECT_EQ(win[1], 102.375f);
}

// Depthwise conv, one channel of 8192 ones, window 4097 of ones: the fp64
// sum at an inner position is 4097 (4096 once rounded to half).
TEST(NarrowAccumulationProof, Conv1dHalfAccumulator) {
  KT_REQUIRE_GPU();
  const int length = 8192, ksize = 4097;
  std::vector<__half> in(length, __float2half(1.0f)), w(ksize, __float2half(1.0f));
  DeviceBuffer<__half> d_in, d_w, d_out;
  upload(d_in, in);
  upload(d_w, w);
  KT_CUDA_ASSERT(d_out.allocate(length));
  for (int variant = 0; variant < 2; ++variant) {
    KT_CUDA_ASSERT(d_out.poison());
    const dim3 grid((length + 255) / 256, 1);
    if (variant == 0)
      na_conv_buggy::conv1d_depthwise_fp16<<<grid, 256>>>(d_out.get(), d_in.get(),
                                                          d_w.get(), length, ksize);
    else
      na_conv_fixed::conv1d_depthwise_fp16<<<grid, 256>>>(d_out.get(), d_in.get(),
                                                          d_w.get(), length, ksize);
    KT_LAUNCH_ASSERT(cudaGetLastError());
    std::vector<__half> got = download(d_out.get(), length);
    int wrong = 0;
    for (int x = 0; x < length; ++x) {
      double ref = 0;
      for (int k = 0; k < ksize; ++k) {
        const int xi = x + k - ksize / 2;
        ref += (xi >= 0 && xi < length) ? 1.0 : 0.0;
      }
      wrong += __half2float(got[x]) != __half2float(__double2half(ref));
    }
    recordResult(variant == 0 ? "conv1d_half_accumulator.cu"
                              : "conv1d_half_accumulator.fixed.cu",
                 "length 8192, ksize 4097, ones: out[4096] = " +
                     formatFloat(__half2float(got[4096])) +
                     " (fp64 4097, as half 4096); positions differing from "
                     "fp64 rounded to half: " + std::to_string(wrong));
    if (variant == 0)
      EXPECT_GT(wrong, 0);
    else
      EXPECT_EQ(wrong, 0);
  }
}

// 4096 half atomics of 1.0 into one cell: fp64 4096.
TEST(NarrowAccumulationProof, DependentCompoundTargetHalfAtomic) {
  KT_REQUIRE_GPU();
  const int n = 4096;
  std::vector<__half> delta(n, __float2half(1.0f));
  DeviceBuffer<__half> d_delta, d_grad;
  DeviceBuffer<float> d_acc;
  upload(d_delta, delta);
  KT_CUDA_ASSERT(d_grad.allocate(2));
  KT_CUDA_ASSERT(d_acc.allocate(1));
  KT_CUDA_ASSERT(cudaMemset(d_grad.get(), 0, d_grad.bytes()));
  KT_CUDA_ASSERT(cudaMemset(d_acc.get(), 0, d_acc.bytes()));
  na_dependent_buggy::scatter_grad<__half><<<1, 256>>>(d_grad.get(), d_delta.get(), n);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float buggy = __half2float(download(d_grad.get(), 1)[0]);
  KT_CUDA_ASSERT(cudaMemset(d_grad.get(), 0, d_grad.bytes()));
  na_dependent_fixed::scatter_grad<__half><<<1, 256>>>(d_grad.get(), d_acc.get(),
                                                       d_delta.get(), n);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float fixed = download(d_acc.get(), 1)[0];
  recordResult("dependent_compound_target.cu",
               "4096 atomics of 1.0 into a __half cell: " + formatFloat(buggy) +
                   " (fp64 4096)");
  recordResult("dependent_compound_target.fixed.cu",
               "into the float accumulator: " + formatFloat(fixed));
  EXPECT_NE(buggy, 4096.0f);
  EXPECT_EQ(fixed, 4096.0f);
}

// 4096 rows, one row per block, dy = x_hat = 1: dgamma = dbeta = 4096.
// 4096 values that all fall into bin 0 of 4: the bf16 bin stops counting at
// 256 (8 significant bits); the float twin counts 4096.
TEST(NarrowAccumulationProof, HistogramBf16AtomicBins) {
  KT_REQUIRE_GPU();
  const int n = 4096, nbins = 4;
  std::vector<float> values(n, 0.1f);
  DeviceBuffer<float> d_values, d_fbins;
  DeviceBuffer<__nv_bfloat16> d_bins;
  upload(d_values, values);
  KT_CUDA_ASSERT(d_bins.allocate(nbins));
  KT_CUDA_ASSERT(d_fbins.allocate(nbins));
  KT_CUDA_ASSERT(cudaMemset(d_bins.get(), 0, d_bins.bytes()));
  KT_CUDA_ASSERT(cudaMemset(d_fbins.get(), 0, d_fbins.bytes()));
  na_histogram_buggy::histogram_bf16<<<n / 256, 256>>>(
      d_values.get(), d_bins.get(), n, nbins, 0.0f, 1.0f);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  na_histogram_fixed::histogram_bf16<<<n / 256, 256>>>(
      d_values.get(), d_fbins.get(), n, nbins, 0.0f, 1.0f);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float buggy = __bfloat162float(download(d_bins.get(), 1)[0]);
  const float fixed = download(d_fbins.get(), 1)[0];
  recordResult("histogram_bf16_atomic_bins.cu",
               "4096 hits in one bin: bf16 bin " + formatFloat(buggy) +
                   " (fp64 4096)");
  recordResult("histogram_bf16_atomic_bins.fixed.cu",
               "float bin " + formatFloat(fixed));
  EXPECT_NE(buggy, 4096.0f);
  EXPECT_EQ(fixed, 4096.0f);
}

TEST(NarrowAccumulationProof, LayernormBackwardBf16Atomic) {
  KT_REQUIRE_GPU();
  const int rows = 4096, cols = 32;
  std::vector<__nv_bfloat16> ones(rows * cols, __float2bfloat16(1.0f));
  DeviceBuffer<__nv_bfloat16> d_dy, d_xhat, d_dg, d_db;
  DeviceBuffer<float> d_ga, d_ba;
  upload(d_dy, ones);
  upload(d_xhat, ones);
  KT_CUDA_ASSERT(d_dg.allocate(cols));
  KT_CUDA_ASSERT(d_db.allocate(cols));
  KT_CUDA_ASSERT(d_ga.allocate(cols));
  KT_CUDA_ASSERT(d_ba.allocate(cols));
  float got[2][2];
  for (int variant = 0; variant < 2; ++variant) {
    KT_CUDA_ASSERT(cudaMemset(d_dg.get(), 0, d_dg.bytes()));
    KT_CUDA_ASSERT(cudaMemset(d_db.get(), 0, d_db.bytes()));
    KT_CUDA_ASSERT(cudaMemset(d_ga.get(), 0, d_ga.bytes()));
    KT_CUDA_ASSERT(cudaMemset(d_ba.get(), 0, d_ba.bytes()));
    const dim3 grid(1, rows);
    if (variant == 0) {
      na_layernorm_buggy::layernorm_backward_gamma_beta<<<grid, cols>>>(
          d_dg.get(), d_db.get(), d_dy.get(), d_xhat.get(), rows, cols, 1);
    } else {
      na_layernorm_fixed::layernorm_backward_gamma_beta<<<grid, cols>>>(
          d_ga.get(), d_ba.get(), d_dy.get(), d_xhat.get(), rows, cols, 1);
      na_layernorm_fixed::layernorm_backward_gamma_beta_finalize<<<1, cols>>>(
          d_dg.get(), d_db.get(), d_ga.get(), d_ba.get(), cols);
    }
    KT_LAUNCH_ASSERT(cudaGetLastError());
    got[variant][0] = __bfloat162float(download(d_dg.get(), 1)[0]);
    got[variant][1] = __bfloat162float(download(d_db.get(), 1)[0]);
  }
  recordResult("layernorm_backward_bf16_atomic.cu",
               "4096 rows of dy = x_hat = 1: dgamma " + formatFloat(got[0][0]) +
                   ", dbeta " + formatFloat(got[0][1]) + " (fp64 4096)");
  recordResult("layernorm_backward_bf16_atomic.fixed.cu",
               "dgamma " + formatFloat(got[1][0]) + ", dbeta " + formatFloat(got[1][1]));
  EXPECT_NE(got[0][0], 4096.0f);
  EXPECT_NE(got[0][1], 4096.0f);
  EXPECT_EQ(got[1][0], 4096.0f);
  EXPECT_EQ(got[1][1], 4096.0f);
}

// row_sum through the fixture's own AT_DISPATCH host function, Half case:
// 256 rows of 4096 ones (fp64 4096 per row).
TEST(NarrowAccumulationProof, RowSumDispatchedScalarTHalf) {
  KT_REQUIRE_GPU();
  const int64_t rows = 256, cols = 4096;
  std::vector<__half> in(rows * cols, __float2half(1.0f));
  DeviceBuffer<__half> d_in, d_out;
  upload(d_in, in);
  KT_CUDA_ASSERT(d_out.allocate(rows));
  float first[2];
  int wrong[2];
  for (int variant = 0; variant < 2; ++variant) {
    KT_CUDA_ASSERT(d_out.poison());
    if (variant == 0)
      na_rowsum_buggy::row_sum(d_out.get(), d_in.get(),
                               na_rowsum_buggy::ScalarType::Half, rows, cols, 0);
    else
      na_rowsum_fixed::row_sum(d_out.get(), d_in.get(),
                               na_rowsum_fixed::ScalarType::Half, rows, cols, 0);
    KT_LAUNCH_ASSERT(cudaGetLastError());
    std::vector<__half> got = download(d_out.get(), rows);
    first[variant] = __half2float(got[0]);
    wrong[variant] = 0;
    for (auto v : got)
      wrong[variant] += __half2float(v) != 4096.0f;
  }
  recordResult("row_sum_dispatched_scalar_t.cu",
               "Half, 256 rows of 4096 ones: row 0 = " + formatFloat(first[0]) +
                   " (fp64 4096); wrong rows " + std::to_string(wrong[0]));
  recordResult("row_sum_dispatched_scalar_t.fixed.cu",
               "row 0 = " + formatFloat(first[1]) + "; wrong rows " +
                   std::to_string(wrong[1]));
  EXPECT_EQ(wrong[0], rows);
  EXPECT_EQ(wrong[1], 0);
}

} // namespace
} // namespace runtime
} // namespace kerneltidy
