//===- NllLoss2dForwardTest.cu - seed 004 (P) on the GPU -------------------===//
//
// Compiles the narrow-accumulation fixtures (fp16 atomics + fp16 mean, and
// the float-scratch + finalize twin) and runs them, with the reference
// kernels, at the seed's shapes: F.cross_entropy's nll_loss2d on fp16
// [1, 21, H, H] log-probabilities, H = 128, 181, 256, reduction='mean',
// against an fp64 host reference computed from the same fp16 inputs.
//
//===----------------------------------------------------------------------===//
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>

#include "runtime-kernels/ReferenceKernels.h"
#include "runtime-kernels/harness/GpuTestSupport.h"
#include "runtime-kernels/harness/HostReference.h"

#include <cmath>
#include <random>

namespace buggy_fixture {
#include "fixtures/cuda/kernel-narrow-accumulation/seed_nll_loss2d_forward.cu"
}
namespace fixed_fixture {
#include "fixtures/cuda/kernel-narrow-accumulation/seed_nll_loss2d_forward.fixed.cu"
}

namespace kerneltidy {
namespace runtime {
namespace {

constexpr int64_t kClasses = 21;
constexpr int64_t kSides[] = {128, 181, 256};

// The seed's reproducer in C++: x ~ N(0, 1) in fp16, log_softmax over C (the
// input F.cross_entropy hands to nll_loss2d), target uniform in [0, C).
struct Fp16Case {
  int64_t side = 0, pixels = 0;
  std::vector<__half> input; // [1, C, H * W] log-probabilities
  std::vector<int64_t> target;
  double reference = 0; // fp64 mean loss over the same fp16 inputs
};

Fp16Case makeFp16Case(int64_t side) {
  Fp16Case c;
  c.side = side;
  c.pixels = side * side;
  std::mt19937 rng(static_cast<uint32_t>(side));
  std::normal_distribution<float> normal;
  std::uniform_int_distribution<int64_t> cls(0, kClasses - 1);
  std::vector<double> x(kClasses * c.pixels);
  for (auto &v : x)
    v = __half2float(__float2half(normal(rng)));
  c.input.resize(x.size());
  for (int64_t d = 0; d < c.pixels; ++d) {
    double max_value = -INFINITY, sum = 0;
    for (int64_t k = 0; k < kClasses; ++k)
      max_value = std::fmax(max_value, x[k * c.pixels + d]);
    for (int64_t k = 0; k < kClasses; ++k)
      sum += std::exp(x[k * c.pixels + d] - max_value);
    for (int64_t k = 0; k < kClasses; ++k)
      c.input[k * c.pixels + d] = __float2half(
          static_cast<float>(x[k * c.pixels + d] - max_value - std::log(sum)));
  }
  c.target.resize(c.pixels);
  for (auto &t : c.target)
    t = cls(rng);
  std::vector<double> input_f64(c.input.size());
  for (size_t i = 0; i < c.input.size(); ++i)
    input_f64[i] = __half2float(c.input[i]);
  c.reference = host::nllForward(input_f64, c.target, {}, 1, kClasses,
                                 c.pixels, -100, host::Reduction::Mean)
                    .output[0];
  return c;
}

struct Fp16Run {
  float loss = 0, total_weight = 0, ms = 0;
};

enum class Implementation { Buggy, Fixed, Reference };

const char *nameOf(Implementation impl) {
  switch (impl) {
  case Implementation::Buggy:
    return "buggy";
  case Implementation::Fixed:
    return "fixed";
  case Implementation::Reference:
    return "reference";
  }
  return "?";
}

void runFp16(Implementation impl, const Fp16Case &c, Fp16Run *run) {
  DeviceBuffer<__half> input, output, total_weight;
  DeviceBuffer<int64_t> target;
  DeviceBuffer<float> scratch;
  KT_CUDA_ASSERT(input.allocate(c.input.size()));
  KT_CUDA_ASSERT(target.allocate(c.target.size()));
  KT_CUDA_ASSERT(output.allocate(1));
  KT_CUDA_ASSERT(total_weight.allocate(1));
  KT_CUDA_ASSERT(scratch.allocate(2));
  KT_CUDA_ASSERT(input.upload(c.input));
  KT_CUDA_ASSERT(target.upload(c.target));
  KT_CUDA_ASSERT(output.poison());
  KT_CUDA_ASSERT(total_weight.poison());
  KT_CUDA_ASSERT(scratch.poison());
  KT_CUDA_ASSERT(cudaDeviceSynchronize());

  EventTimer timer;
  timer.start();
  switch (impl) {
  case Implementation::Buggy:
    KT_CUDA_ASSERT(buggy_fixture::launch_nll_loss2d_forward(
        output.get(), total_weight.get(), input.get(), target.get(), nullptr,
        1, kClasses, c.pixels, -100, nullptr));
    break;
  case Implementation::Fixed:
    KT_CUDA_ASSERT(fixed_fixture::launch_nll_loss2d_forward(
        output.get(), total_weight.get(), scratch.get(), input.get(),
        target.get(), nullptr, 1, kClasses, c.pixels, -100, nullptr));
    break;
  case Implementation::Reference:
    KT_CUDA_ASSERT(nllLoss2dForward<__half>(
        output.get(), total_weight.get(), scratch.get(), input.get(),
        target.get(), nullptr, 1, kClasses, c.pixels, -100, Reduction::Mean,
        nullptr));
    break;
  }
  KT_CUDA_ASSERT(timer.stopAndRead(&run->ms));
  KT_CUDA_ASSERT(cudaGetLastError());
  KT_CUDA_ASSERT(cudaDeviceSynchronize());
  std::vector<__half> loss, weight;
  KT_CUDA_ASSERT(output.download(loss));
  KT_CUDA_ASSERT(total_weight.download(weight));
  run->loss = __half2float(loss[0]);
  run->total_weight = __half2float(weight[0]);

  const std::string who = std::string("nll_loss2d_forward_fp16.") +
                          nameOf(impl) + ".H" + std::to_string(c.side);
  recordResult(who, "shape [1, 21, " + std::to_string(c.side) + ", " +
                        std::to_string(c.side) + "] loss " +
                        formatFloat(run->loss) + " (fp64 " +
                        formatFloat(c.reference) + "), total_weight " +
                        formatFloat(run->total_weight) + ", " +
                        formatFloat(run->ms) + " ms");
}

// Fail-first: the fp16 cross-block accumulation must be observed failing as
// the seed reports: finite at 128x128 (loss sum ~57,500 < 65504), inf at
// 181x181 (~114,700), NaN at 256x256 (weight sum 65536 is inf too: inf/inf).
TEST(NllLoss2dForwardFp16, BuggyFixtureOverflowsToInfThenNaN) {
  KT_REQUIRE_GPU();
  for (int64_t side : kSides) {
    const Fp16Case c = makeFp16Case(side);
    Fp16Run run;
    runFp16(Implementation::Buggy, c, &run);
    if (HasFatalFailure())
      return;
    if (side == 128) {
      EXPECT_TRUE(std::isfinite(run.loss)) << run.loss;
    } else if (side == 181) {
      ASSERT_TRUE(std::isinf(run.loss) && run.loss > 0) << run.loss;
    } else {
      ASSERT_TRUE(std::isnan(run.loss)) << run.loss;
      ASSERT_TRUE(std::isinf(run.total_weight)) << run.total_weight;
    }
  }
}

void expectWithin1e3OfFp64(Implementation impl) {
  for (int64_t side : kSides) {
    const Fp16Case c = makeFp16Case(side);
    Fp16Run run;
    runFp16(impl, c, &run);
    if (::testing::Test::HasFatalFailure())
      return;
    EXPECT_NEAR(run.loss, c.reference, 1e-3 * std::fabs(c.reference))
        << nameOf(impl) << " at " << side << "x" << side;
    // total_weight keeps the input dtype by schema: exact while the pixel
    // count is representable, inf past 65504.
    const float expected_weight = __half2float(__float2half(
        static_cast<float>(c.pixels)));
    EXPECT_EQ(run.total_weight, expected_weight)
        << nameOf(impl) << " at " << side << "x" << side;
  }
}

TEST(NllLoss2dForwardFp16, FixedFixtureMatchesFp64) {
  KT_REQUIRE_GPU();
  expectWithin1e3OfFp64(Implementation::Fixed);
}

TEST(NllLoss2dForwardFp16, ReferenceMatchesFp64) {
  KT_REQUIRE_GPU();
  expectWithin1e3OfFp64(Implementation::Reference);
}

// ---------------------------------------------------------------------------
// The float reference forward, 1-D and 2-D, every reduction, with weights and
// ignored targets.

void expectForwardMatchesHost(int64_t rows, int64_t classes, int64_t pixels,
                              Reduction reduction, uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(-2.0f, 1.0f);
  std::uniform_int_distribution<int64_t> cls(0, classes - 1);
  std::bernoulli_distribution ignored(0.2);
  std::uniform_real_distribution<float> uniform(0.5f, 2.0f);
  std::vector<float> input(rows * classes * pixels), weight(classes);
  std::vector<int64_t> target(rows * pixels);
  for (auto &v : input)
    v = normal(rng);
  for (auto &v : weight)
    v = uniform(rng);
  for (auto &t : target)
    t = ignored(rng) ? -100 : cls(rng);
  const host::Reduction host_reduction =
      reduction == Reduction::None
          ? host::Reduction::None
          : (reduction == Reduction::Mean ? host::Reduction::Mean
                                          : host::Reduction::Sum);
  const host::NllForward expected = host::nllForward(
      std::vector<double>(input.begin(), input.end()), target,
      std::vector<double>(weight.begin(), weight.end()), rows, classes, pixels,
      -100, host_reduction);

  DeviceBuffer<float> d_input, d_weight, d_output, d_total, d_scratch;
  DeviceBuffer<int64_t> d_target;
  KT_CUDA_ASSERT(d_input.allocate(input.size()));
  KT_CUDA_ASSERT(d_weight.allocate(weight.size()));
  KT_CUDA_ASSERT(d_target.allocate(target.size()));
  KT_CUDA_ASSERT(d_output.allocate(expected.output.size()));
  KT_CUDA_ASSERT(d_total.allocate(1));
  KT_CUDA_ASSERT(d_scratch.allocate(2));
  KT_CUDA_ASSERT(d_input.upload(input));
  KT_CUDA_ASSERT(d_weight.upload(weight));
  KT_CUDA_ASSERT(d_target.upload(target));
  KT_CUDA_ASSERT(d_output.poison());
  KT_CUDA_ASSERT(d_total.poison());
  KT_CUDA_ASSERT(d_scratch.poison());
  if (pixels == 1)
    KT_LAUNCH_ASSERT(nllLossForward<float>(
        d_output.get(), d_total.get(), d_scratch.get(), d_input.get(),
        d_target.get(), d_weight.get(), rows, classes, -100, reduction,
        nullptr));
  else
    KT_LAUNCH_ASSERT(nllLoss2dForward<float>(
        d_output.get(), d_total.get(), d_scratch.get(), d_input.get(),
        d_target.get(), d_weight.get(), rows, classes, pixels, -100, reduction,
        nullptr));
  std::vector<float> output, total;
  KT_CUDA_ASSERT(d_output.download(output));
  KT_CUDA_ASSERT(d_total.download(total));
  for (size_t i = 0; i < output.size(); ++i)
    ASSERT_NEAR(output[i], expected.output[i],
                1e-5 * (1 + std::fabs(expected.output[i])))
        << "output " << i << " of [" << rows << ", " << classes << ", "
        << pixels << "]";
  ASSERT_NEAR(total[0], expected.total_weight,
              1e-5 * (1 + expected.total_weight));
}

TEST(NllLossReference, ForwardMatchesHostFp64) {
  KT_REQUIRE_GPU();
  uint32_t seed = 21;
  for (Reduction reduction : {Reduction::None, Reduction::Mean, Reduction::Sum}) {
    expectForwardMatchesHost(1000, 10, 1, reduction, seed++);
    if (HasFatalFailure())
      return;
    expectForwardMatchesHost(3, 5, 777, reduction, seed++);
    if (HasFatalFailure())
      return;
  }
}

} // namespace
} // namespace runtime
} // namespace kerneltidy
