//===- NllLossBackwardTest.cu - seed 002 (M) on the GPU --------------------===//
//
// Compiles the four store-mask fixtures (1-D and 2-D, buggy and fixed) and
// runs them, with the reference kernels, at C = 4 with ignore_index = 4
// (inside the allocation: aliases the next row) and ignore_index = -100
// (before the tensor). grad_input is zero-filled, as the op's contract says
// (torch.zeros_like); it sits between two guard zones filled with a canary, so
// a write through the sentinel is observed without a sanitizer. The
// NllLossSanitizer tests use exact allocations instead: they are the ones
// compute-sanitizer runs (ctest: gpu-sanitizer-*).
//
//===----------------------------------------------------------------------===//
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>

#include "runtime-kernels/ReferenceKernels.h"
#include "runtime-kernels/harness/GpuTestSupport.h"
#include "runtime-kernels/harness/HostReference.h"

#include <random>

namespace buggy_1d {
#include "fixtures/cuda/kernel-store-mask-mismatch/seed_nll_loss_backward.cu"
}
namespace fixed_1d {
#include "fixtures/cuda/kernel-store-mask-mismatch/seed_nll_loss_backward.fixed.cu"
}
namespace buggy_2d {
#include "fixtures/cuda/kernel-store-mask-mismatch/seed_nll_loss2d_backward.cu"
}
namespace fixed_2d {
#include "fixtures/cuda/kernel-store-mask-mismatch/seed_nll_loss2d_backward.fixed.cu"
}

namespace kerneltidy {
namespace runtime {
namespace {

// Every implementation seen as the 2-D op (the 1-D op is D = 1),
// reduction='none'.
using BackwardLauncher = cudaError_t (*)(float *grad_input,
                                         const int64_t *target,
                                         const float *grad_output,
                                         const float *weight, int64_t n_rows,
                                         int64_t n_classes, int64_t map_nelem,
                                         int64_t ignore_index, cudaStream_t);

template <cudaError_t (*Launch1d)(float *, const int64_t *, const float *,
                                  const float *, int64_t, int64_t, int64_t,
                                  cudaStream_t)>
cudaError_t as2d(float *grad_input, const int64_t *target,
                 const float *grad_output, const float *weight, int64_t n_rows,
                 int64_t n_classes, int64_t map_nelem, int64_t ignore_index,
                 cudaStream_t stream) {
  if (map_nelem != 1)
    return cudaErrorInvalidValue;
  return Launch1d(grad_input, target, grad_output, weight, n_rows, n_classes,
                  ignore_index, stream);
}

cudaError_t referenceBackward(float *grad_input, const int64_t *target,
                              const float *grad_output, const float *weight,
                              int64_t n_rows, int64_t n_classes,
                              int64_t map_nelem, int64_t ignore_index,
                              cudaStream_t stream) {
  return nllLoss2dBackward<float>(grad_input, grad_output, target, weight, nullptr,
                           n_rows, n_classes, map_nelem, ignore_index,
                           Reduction::None, stream);
}

constexpr float kCanary = -777.0f;

struct BackwardCase {
  int64_t n_rows = 0, n_classes = 4, map_nelem = 1, ignore_index = 4;
  std::vector<int64_t> target;
  std::vector<float> grad_output; // [N * D]
  std::vector<float> weight;      // [C]
};

// Seeded grad_output and weight for a given target.
BackwardCase makeCase(std::vector<int64_t> target, int64_t n_rows,
                      int64_t n_classes, int64_t map_nelem,
                      int64_t ignore_index, uint32_t seed) {
  BackwardCase c;
  c.n_rows = n_rows;
  c.n_classes = n_classes;
  c.map_nelem = map_nelem;
  c.ignore_index = ignore_index;
  c.target = std::move(target);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uniform(0.5f, 2.0f);
  c.grad_output.resize(n_rows * map_nelem);
  for (auto &v : c.grad_output)
    v = uniform(rng);
  c.weight.resize(n_classes);
  for (auto &v : c.weight)
    v = uniform(rng);
  return c;
}

std::vector<double> expectedGradInput(const BackwardCase &c) {
  return host::nllBackward(
      std::vector<double>(c.grad_output.begin(), c.grad_output.end()),
      c.target, std::vector<double>(c.weight.begin(), c.weight.end()), 1.0,
      c.n_rows, c.n_classes, c.map_nelem, c.ignore_index,
      host::Reduction::None);
}

struct BackwardRun {
  std::vector<float> tensor;               // grad_input after the kernel
  std::vector<int64_t> clobbered;          // guard cells written, relative
  std::vector<float> clobbered_values;     // to the tensor's first element
  std::vector<int64_t> wrong_cells;        // tensor cells != fp64 reference
};

// Runs `launch` on a zero-filled grad_input placed `guard` elements into an
// allocation of guard + numel + guard, the guards filled with the canary.
// guard == 0: an exact allocation (what compute-sanitizer should look at).
void runBackward(BackwardLauncher launch, const BackwardCase &c, int64_t guard,
                 BackwardRun *run) {
  const int64_t numel = c.n_rows * c.n_classes * c.map_nelem;
  DeviceBuffer<float> storage, grad_output, weight;
  DeviceBuffer<int64_t> target;
  KT_CUDA_ASSERT(storage.allocate(guard + numel + guard));
  KT_CUDA_ASSERT(grad_output.allocate(c.grad_output.size()));
  KT_CUDA_ASSERT(weight.allocate(c.weight.size()));
  KT_CUDA_ASSERT(target.allocate(c.target.size()));
  KT_CUDA_ASSERT(grad_output.upload(c.grad_output));
  KT_CUDA_ASSERT(weight.upload(c.weight));
  KT_CUDA_ASSERT(target.upload(c.target));
  std::vector<float> initial(guard + numel + guard, kCanary);
  std::fill(initial.begin() + guard, initial.begin() + guard + numel, 0.0f);
  KT_CUDA_ASSERT(storage.upload(initial));

  KT_LAUNCH_ASSERT(launch(storage.get() + guard, target.get(),
                          grad_output.get(), weight.get(), c.n_rows,
                          c.n_classes, c.map_nelem, c.ignore_index, nullptr));
  std::vector<float> after;
  KT_CUDA_ASSERT(storage.download(after));
  run->tensor.assign(after.begin() + guard, after.begin() + guard + numel);
  for (int64_t i = 0; i < guard + numel + guard; ++i) {
    if (i >= guard && i < guard + numel)
      continue;
    if (after[i] != kCanary) {
      run->clobbered.push_back(i - guard);
      run->clobbered_values.push_back(after[i]);
    }
  }
  const std::vector<double> expected = expectedGradInput(c);
  for (int64_t i = 0; i < numel; ++i)
    if (std::fabs(run->tensor[i] - expected[i]) > 1e-6)
      run->wrong_cells.push_back(i);
}

std::string describe(const std::vector<int64_t> &cells,
                     const std::vector<float> *values = nullptr) {
  std::string text = std::to_string(cells.size()) + " [";
  for (size_t i = 0; i < cells.size() && i < 12; ++i) {
    text += (i ? ", " : "") + std::to_string(cells[i]);
    if (values)
      text += "=" + formatFloat((*values)[i]);
  }
  return text + (cells.size() > 12 ? ", ...]" : "]");
}

void recordRun(const std::string &who, const BackwardCase &c,
               const BackwardRun &run) {
  recordResult(who + ".shape", "N=" + std::to_string(c.n_rows) +
                                   " C=" + std::to_string(c.n_classes) +
                                   " D=" + std::to_string(c.map_nelem) +
                                   " ignore_index=" +
                                   std::to_string(c.ignore_index));
  recordResult(who + ".wrong_cells_in_tensor", describe(run.wrong_cells));
  recordResult(who + ".writes_outside_tensor",
               describe(run.clobbered, &run.clobbered_values));
}

// The seed's targets with one more ignored row at the end, so that the
// sentinel's address leaves the tensor deterministically.
std::vector<int64_t> seedTargets1d(int64_t sentinel) {
  return {sentinel, 0, 1, sentinel, 0, 3, sentinel};
}

constexpr int64_t kGuard1d = 128;

// ---------------------------------------------------------------------------
// 1-D.

// Fail-first. Ignored row n addresses n * 4 + 4, row n + 1's class-0 cell.
// For the last row that cell is the first element after the tensor, which
// must be observed overwritten with the ignored row's 0. Inside the tensor the
// ignored row and the valid row n + 1 store to one address in one warp
// instruction; which value survives is the hardware's choice, recorded here
// and measured over a larger batch below.
TEST(NllLossBackward, BuggyFixtureIgnoreIndexCAliasesNextRow) {
  KT_REQUIRE_GPU();
  const BackwardCase c = makeCase(seedTargets1d(4), 7, 4, 1, 4, 1);
  BackwardRun run;
  runBackward(as2d<buggy_1d::launch_nll_loss_backward>, c, kGuard1d, &run);
  if (HasFatalFailure())
    return;
  recordRun("nll_loss_backward.buggy.ignore_index_4", c, run);
  ASSERT_EQ(run.clobbered, std::vector<int64_t>{7 * 4});
  ASSERT_EQ(run.clobbered_values[0], 0.0f);

  // The seed's exact six rows: rows 1 and 4 are aliased by rows 0 and 3.
  const BackwardCase seed_case =
      makeCase({4, 0, 1, 4, 0, 3}, 6, 4, 1, 4, 1);
  BackwardRun seed_run;
  runBackward(as2d<buggy_1d::launch_nll_loss_backward>, seed_case, kGuard1d,
              &seed_run);
  if (HasFatalFailure())
    return;
  recordRun("nll_loss_backward.buggy.seed_rows", seed_case, seed_run);

  // A larger batch: every aliased valid cell is a race between two stores.
  std::mt19937 rng(7);
  std::uniform_int_distribution<int64_t> pick(0, 4); // 4 is the sentinel
  const int64_t rows = 1 << 16;
  std::vector<int64_t> targets(rows);
  for (auto &t : targets)
    t = pick(rng);
  const BackwardCase big = makeCase(targets, rows, 4, 1, 4, 2);
  BackwardRun big_run;
  runBackward(as2d<buggy_1d::launch_nll_loss_backward>, big, kGuard1d,
              &big_run);
  if (HasFatalFailure())
    return;
  int64_t aliased_valid = 0;
  for (int64_t n = 0; n + 1 < rows; ++n)
    aliased_valid += targets[n] == 4 && targets[n + 1] == 0;
  recordResult("nll_loss_backward.buggy.random_rows",
               std::to_string(rows) + " rows, " +
                   std::to_string(aliased_valid) +
                   " valid class-0 cells aliased by the previous ignored row, " +
                   std::to_string(big_run.wrong_cells.size()) +
                   " observed overwritten");
}

// Fail-first. ignore_index = -100: ignored row n writes 0 at n * 4 - 100,
// 100, 88 and 76 elements before the tensor for rows 0, 3 and 6.
TEST(NllLossBackward, BuggyFixtureIgnoreIndexMinus100WritesBeforeTensor) {
  KT_REQUIRE_GPU();
  const BackwardCase c = makeCase(seedTargets1d(-100), 7, 4, 1, -100, 1);
  BackwardRun run;
  runBackward(as2d<buggy_1d::launch_nll_loss_backward>, c, kGuard1d, &run);
  if (HasFatalFailure())
    return;
  recordRun("nll_loss_backward.buggy.ignore_index_-100", c, run);
  ASSERT_EQ(run.clobbered, (std::vector<int64_t>{-100, -88, -76}));
  for (float v : run.clobbered_values)
    ASSERT_EQ(v, 0.0f);
  EXPECT_TRUE(run.wrong_cells.empty());
}

TEST(NllLossBackward, FixedFixtureIgnoreIndexC) {
  KT_REQUIRE_GPU();
  for (const auto &targets :
       {seedTargets1d(4), std::vector<int64_t>{4, 0, 1, 4, 0, 3}}) {
    const int64_t rows = static_cast<int64_t>(targets.size());
    const BackwardCase c = makeCase(targets, rows, 4, 1, 4, 1);
    BackwardRun run;
    runBackward(as2d<fixed_1d::launch_nll_loss_backward>, c, kGuard1d, &run);
    if (HasFatalFailure())
      return;
    recordRun("nll_loss_backward.fixed.ignore_index_4.rows_" +
                  std::to_string(rows),
              c, run);
    EXPECT_TRUE(run.clobbered.empty());
    EXPECT_TRUE(run.wrong_cells.empty());
  }
}

TEST(NllLossBackward, FixedFixtureIgnoreIndexMinus100) {
  KT_REQUIRE_GPU();
  const BackwardCase c = makeCase(seedTargets1d(-100), 7, 4, 1, -100, 1);
  BackwardRun run;
  runBackward(as2d<fixed_1d::launch_nll_loss_backward>, c, kGuard1d, &run);
  if (HasFatalFailure())
    return;
  recordRun("nll_loss_backward.fixed.ignore_index_-100", c, run);
  EXPECT_TRUE(run.clobbered.empty());
  EXPECT_TRUE(run.wrong_cells.empty());
}

// The cases compute-sanitizer runs: grad_input is its own allocation, so the
// buggy fixture's write 400 bytes before it is an invalid global write. On
// their own these tests check only the in-bounds result; the ctest entries
// gpu-sanitizer-nll-loss-backward-{buggy,fixed} check the sanitizer report.
TEST(NllLossSanitizer, BuggyFixtureIgnoreIndexMinus100ExactAllocation) {
  KT_REQUIRE_GPU();
  const BackwardCase c = makeCase(seedTargets1d(-100), 7, 4, 1, -100, 1);
  BackwardRun run;
  runBackward(as2d<buggy_1d::launch_nll_loss_backward>, c, 0, &run);
  if (HasFatalFailure())
    return;
  EXPECT_TRUE(run.wrong_cells.empty());
}

TEST(NllLossSanitizer, FixedFixtureIgnoreIndexMinus100ExactAllocation) {
  KT_REQUIRE_GPU();
  const BackwardCase c = makeCase(seedTargets1d(-100), 7, 4, 1, -100, 1);
  BackwardRun run;
  runBackward(as2d<fixed_1d::launch_nll_loss_backward>, c, 0, &run);
  if (HasFatalFailure())
    return;
  EXPECT_TRUE(run.wrong_cells.empty());
}

// ---------------------------------------------------------------------------
// 2-D: N = 3 samples, C = 4, D = 3 x 5 pixels.

constexpr int64_t kRows2d = 3, kClasses2d = 4, kPixels2d = 15;
constexpr int64_t kGuard2d = 2048; // > 100 * D: room for the -100 writes

// Seeded targets with about a third of the pixels ignored, pixel 0 of every
// sample always ignored (so the last sample's sentinel leaves the tensor).
std::vector<int64_t> targets2d(int64_t sentinel, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int64_t> cls(0, kClasses2d - 1);
  std::bernoulli_distribution ignored(1.0 / 3.0);
  std::vector<int64_t> targets(kRows2d * kPixels2d);
  for (int64_t i = 0; i < kRows2d * kPixels2d; ++i)
    targets[i] = (i % kPixels2d == 0 || ignored(rng)) ? sentinel : cls(rng);
  return targets;
}

// Where the buggy 2-D kernel writes for each ignored pixel, relative to the
// tensor: n * C * D + sentinel * D + d.
std::vector<int64_t> sentinelAddresses2d(const std::vector<int64_t> &targets,
                                         int64_t sentinel) {
  std::vector<int64_t> addresses;
  for (int64_t i = 0; i < kRows2d * kPixels2d; ++i)
    if (targets[i] == sentinel)
      addresses.push_back((i / kPixels2d) * kClasses2d * kPixels2d +
                          sentinel * kPixels2d + i % kPixels2d);
  return addresses;
}

void expectBuggy2d(int64_t sentinel, const char *label) {
  const std::vector<int64_t> targets = targets2d(sentinel, 3);
  const BackwardCase c =
      makeCase(targets, kRows2d, kClasses2d, kPixels2d, sentinel, 3);
  BackwardRun run;
  runBackward(buggy_2d::launch_nll_loss2d_backward, c, kGuard2d, &run);
  if (::testing::Test::HasFatalFailure())
    return;
  recordRun(std::string("nll_loss2d_backward.buggy.") + label, c, run);
  // Every sentinel address outside the tensor must have received a 0.
  std::vector<int64_t> outside;
  for (int64_t a : sentinelAddresses2d(targets, sentinel))
    if (a < 0 || a >= kRows2d * kClasses2d * kPixels2d)
      outside.push_back(a);
  ASSERT_FALSE(outside.empty());
  ASSERT_EQ(run.clobbered, outside);
  for (float v : run.clobbered_values)
    ASSERT_EQ(v, 0.0f);
}

TEST(NllLoss2dBackward, BuggyFixtureIgnoreIndexCAliasesNextSample) {
  KT_REQUIRE_GPU();
  expectBuggy2d(kClasses2d, "ignore_index_4");
}

TEST(NllLoss2dBackward, BuggyFixtureIgnoreIndexMinus100WritesBeforeTensor) {
  KT_REQUIRE_GPU();
  expectBuggy2d(-100, "ignore_index_-100");
}

TEST(NllLoss2dBackward, FixedFixtureBothSentinels) {
  KT_REQUIRE_GPU();
  for (int64_t sentinel : {kClasses2d, int64_t(-100)}) {
    const BackwardCase c = makeCase(targets2d(sentinel, 3), kRows2d,
                                    kClasses2d, kPixels2d, sentinel, 3);
    BackwardRun run;
    runBackward(fixed_2d::launch_nll_loss2d_backward, c, kGuard2d, &run);
    if (HasFatalFailure())
      return;
    recordRun("nll_loss2d_backward.fixed.ignore_index_" +
                  std::to_string(sentinel),
              c, run);
    EXPECT_TRUE(run.clobbered.empty());
    EXPECT_TRUE(run.wrong_cells.empty());
  }
}

// ---------------------------------------------------------------------------
// The reference kernels: every reduction, both sentinels, 1-D and 2-D.

TEST(NllLossReference, BackwardMatchesHostFp64AndStaysInBounds) {
  KT_REQUIRE_GPU();
  for (int64_t sentinel : {int64_t(4), int64_t(-100)}) {
    const BackwardCase c1 = makeCase(seedTargets1d(sentinel), 7, 4, 1,
                                     sentinel, 5);
    BackwardRun run1;
    runBackward(referenceBackward, c1, kGuard1d, &run1);
    if (HasFatalFailure())
      return;
    EXPECT_TRUE(run1.clobbered.empty()) << "1-D, ignore_index " << sentinel;
    EXPECT_TRUE(run1.wrong_cells.empty()) << "1-D, ignore_index " << sentinel;

    const BackwardCase c2 = makeCase(targets2d(sentinel, 9), kRows2d,
                                     kClasses2d, kPixels2d, sentinel, 9);
    BackwardRun run2;
    runBackward(referenceBackward, c2, kGuard2d, &run2);
    if (HasFatalFailure())
      return;
    EXPECT_TRUE(run2.clobbered.empty()) << "2-D, ignore_index " << sentinel;
    EXPECT_TRUE(run2.wrong_cells.empty()) << "2-D, ignore_index " << sentinel;
  }
}

// Mean and sum reductions of the backward read grad_output[0] (and
// total_weight for mean).
TEST(NllLossReference, ReducedBackwardMatchesHostFp64) {
  KT_REQUIRE_GPU();
  const std::vector<int64_t> targets = targets2d(-100, 13);
  const BackwardCase c =
      makeCase(targets, kRows2d, kClasses2d, kPixels2d, -100, 13);
  const double total_weight = 7.25;
  for (Reduction reduction : {Reduction::Mean, Reduction::Sum}) {
    const int64_t numel = kRows2d * kClasses2d * kPixels2d;
    DeviceBuffer<float> grad_input, grad_output, weight, total;
    DeviceBuffer<int64_t> target;
    KT_CUDA_ASSERT(grad_input.allocate(numel));
    KT_CUDA_ASSERT(grad_output.allocate(1));
    KT_CUDA_ASSERT(weight.allocate(kClasses2d));
    KT_CUDA_ASSERT(total.allocate(1));
    KT_CUDA_ASSERT(target.allocate(targets.size()));
    KT_CUDA_ASSERT(grad_output.upload({c.grad_output[0]}));
    KT_CUDA_ASSERT(weight.upload(c.weight));
    KT_CUDA_ASSERT(total.upload({static_cast<float>(total_weight)}));
    KT_CUDA_ASSERT(target.upload(targets));
    KT_CUDA_ASSERT(cudaMemset(grad_input.get(), 0, grad_input.bytes()));
    KT_LAUNCH_ASSERT(nllLoss2dBackward<float>(
        grad_input.get(), grad_output.get(), target.get(), weight.get(),
        total.get(), kRows2d, kClasses2d, kPixels2d, int64_t(-100), reduction,
        nullptr));
    std::vector<float> actual;
    KT_CUDA_ASSERT(grad_input.download(actual));
    const std::vector<double> expected = host::nllBackward(
        {c.grad_output[0]}, targets,
        std::vector<double>(c.weight.begin(), c.weight.end()), total_weight,
        kRows2d, kClasses2d, kPixels2d, -100,
        reduction == Reduction::Mean ? host::Reduction::Mean
                                     : host::Reduction::Sum);
    for (int64_t i = 0; i < numel; ++i)
      ASSERT_NEAR(actual[i], expected[i], 1e-6 + 1e-6 * std::fabs(expected[i]))
          << "element " << i;
  }
}

} // namespace
} // namespace runtime
} // namespace kerneltidy
