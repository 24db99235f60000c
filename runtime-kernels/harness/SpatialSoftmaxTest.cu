//===- SpatialSoftmaxTest.cu - seed 000 (W) on the GPU ---------------------===//
//
// Compiles the fixture files themselves (the buggy uint32_t spatial softmax
// backward and its index_t twin) and runs them, with the reference kernels,
// at the seed's boundary shape [outer, dim, inner] = [1, 2, 2^31 + 1]
// (4,294,967,298 elements, ~52 GB for output, grad_output and grad_input) and
// at small shapes, against an fp64 host reference.
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

// The fixtures, each in its own namespace so that their identical names do
// not collide. Their own #includes are no-ops here (already included above).
namespace buggy_fixture {
#include "fixtures/cuda/kernel-int32-offset/seed_spatial_softmax_backward.cu"
}
namespace fixed_fixture {
#include "fixtures/cuda/kernel-int32-offset/seed_spatial_softmax_backward.fixed.cu"
}

namespace kerneltidy {
namespace runtime {
namespace {

using BackwardLauncher = cudaError_t (*)(float *, const float *, const float *,
                                         int64_t, int64_t, int64_t,
                                         cudaStream_t);

cudaError_t referenceBackward(float *grad_input, const float *output,
                              const float *grad_output, int64_t outer,
                              int64_t dim, int64_t inner, cudaStream_t stream) {
  return spatialSoftmaxBackward(grad_input, output, grad_output, outer, dim,
                                inner, stream);
}

__global__ void fillKernel(float *data, int64_t count, float value) {
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < count; i += static_cast<int64_t>(blockDim.x) * gridDim.x)
    data[i] = value;
}

cudaError_t fill(float *data, int64_t count, float value) {
  fillKernel<<<4096, 256>>>(data, count, value);
  return cudaGetLastError();
}

constexpr int kMaxBadColumns = 8;

struct ColumnCheck {
  unsigned long long bad_count;
  long long bad_columns[kMaxBadColumns];
};

// Counts the columns j of a [1, 2, inner] tensor whose pair (x[j], x[inner+j])
// is not (e0, e1) within tol (a NaN never matches); keeps the first few.
__global__ void checkColumnsKernel(const float *data, int64_t inner, float e0,
                                   float e1, float tol, ColumnCheck *check) {
  for (int64_t j = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       j < inner; j += static_cast<int64_t>(blockDim.x) * gridDim.x) {
    const float a = data[j];
    const float b = data[inner + j];
    if (fabsf(a - e0) <= tol && fabsf(b - e1) <= tol)
      continue;
    const unsigned long long slot = atomicAdd(&check->bad_count, 1ULL);
    if (slot < kMaxBadColumns)
      check->bad_columns[slot] = j;
  }
}

// ---------------------------------------------------------------------------
// Below the boundary: all three implementations agree with fp64.

struct SmallShape {
  int64_t outer, dim, inner;
};

void expectBackwardMatchesHost(BackwardLauncher launch, const char *name,
                               const SmallShape &shape, uint32_t seed) {
  const int64_t numel = shape.outer * shape.dim * shape.inner;
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal;
  std::vector<double> logits(numel), grad(numel);
  for (auto &v : logits)
    v = normal(rng);
  for (auto &v : grad)
    v = normal(rng);
  // Round the inputs to float first so that host and device see the same data.
  std::vector<float> output_f(numel), grad_f(numel);
  const std::vector<double> softmax =
      host::spatialSoftmaxForward(logits, shape.outer, shape.dim, shape.inner);
  for (int64_t i = 0; i < numel; ++i) {
    output_f[i] = static_cast<float>(softmax[i]);
    grad_f[i] = static_cast<float>(grad[i]);
  }
  const std::vector<double> expected = host::spatialSoftmaxBackward(
      std::vector<double>(output_f.begin(), output_f.end()),
      std::vector<double>(grad_f.begin(), grad_f.end()), shape.outer,
      shape.dim, shape.inner);

  DeviceBuffer<float> output, grad_output, grad_input;
  KT_CUDA_ASSERT(output.allocate(numel));
  KT_CUDA_ASSERT(grad_output.allocate(numel));
  KT_CUDA_ASSERT(grad_input.allocate(numel));
  KT_CUDA_ASSERT(output.upload(output_f));
  KT_CUDA_ASSERT(grad_output.upload(grad_f));
  KT_CUDA_ASSERT(grad_input.poison());
  KT_LAUNCH_ASSERT(launch(grad_input.get(), output.get(), grad_output.get(),
                          shape.outer, shape.dim, shape.inner, nullptr));
  std::vector<float> actual;
  KT_CUDA_ASSERT(grad_input.download(actual));
  for (int64_t i = 0; i < numel; ++i)
    ASSERT_NEAR(actual[i], expected[i], 1e-5 + 1e-5 * std::fabs(expected[i]))
        << name << " at element " << i << " of [" << shape.outer << ", "
        << shape.dim << ", " << shape.inner << "]";
}

const SmallShape kSmallShapes[] = {{3, 5, 7}, {2, 3, 1000}, {1, 2, 300}};

TEST(SpatialSoftmaxSmall, BuggyFixtureIsRightBelowTheBoundary) {
  KT_REQUIRE_GPU();
  uint32_t seed = 1;
  for (const SmallShape &shape : kSmallShapes) {
    expectBackwardMatchesHost(buggy_fixture::launch_spatial_softmax_backward,
                              "buggy fixture", shape, seed++);
    if (HasFatalFailure())
      return;
  }
}

TEST(SpatialSoftmaxSmall, FixedFixtureMatchesHostFp64) {
  KT_REQUIRE_GPU();
  uint32_t seed = 1;
  for (const SmallShape &shape : kSmallShapes) {
    expectBackwardMatchesHost(fixed_fixture::launch_spatial_softmax_backward,
                              "fixed fixture", shape, seed++);
    if (HasFatalFailure())
      return;
  }
}

TEST(SpatialSoftmaxSmall, ReferenceBackwardMatchesHostFp64) {
  KT_REQUIRE_GPU();
  uint32_t seed = 1;
  for (const SmallShape &shape : kSmallShapes) {
    expectBackwardMatchesHost(referenceBackward, "reference", shape, seed++);
    if (HasFatalFailure())
      return;
  }
}

TEST(SpatialSoftmaxSmall, ReferenceForwardMatchesHostFp64) {
  KT_REQUIRE_GPU();
  uint32_t seed = 11;
  for (const SmallShape &shape : kSmallShapes) {
    const int64_t numel = shape.outer * shape.dim * shape.inner;
    std::mt19937 rng(seed++);
    std::normal_distribution<float> normal(0.0f, 3.0f);
    std::vector<float> input_f(numel);
    for (auto &v : input_f)
      v = normal(rng);
    const std::vector<double> expected = host::spatialSoftmaxForward(
        std::vector<double>(input_f.begin(), input_f.end()), shape.outer,
        shape.dim, shape.inner);
    DeviceBuffer<float> input, output;
    KT_CUDA_ASSERT(input.allocate(numel));
    KT_CUDA_ASSERT(output.allocate(numel));
    KT_CUDA_ASSERT(input.upload(input_f));
    KT_CUDA_ASSERT(output.poison());
    SpatialLaunch chosen;
    KT_LAUNCH_ASSERT(spatialSoftmaxForward(output.get(), input.get(),
                                           shape.outer, shape.dim, shape.inner,
                                           nullptr, &chosen));
    EXPECT_EQ(chosen.width, IndexWidth::Bits32);
    std::vector<float> actual;
    KT_CUDA_ASSERT(output.download(actual));
    for (int64_t i = 0; i < numel; ++i)
      ASSERT_NEAR(actual[i], expected[i], 1e-6 + 1e-5 * expected[i])
          << "element " << i;
  }
}

// Host-only: the dispatch boundary is INT32_MAX elements, not 2^32.
TEST(SpatialSoftmaxDispatch, SwitchesTo64BitAboveIntMax) {
  const int64_t int_max = INT32_MAX;
  EXPECT_EQ(spatialSoftmaxIndexWidth(1, 1, int_max), IndexWidth::Bits32);
  EXPECT_EQ(spatialSoftmaxIndexWidth(1, 1, int_max + 1), IndexWidth::Bits64);
  EXPECT_EQ(spatialSoftmaxIndexWidth(1, 2, (int64_t(1) << 30) - 1),
            IndexWidth::Bits32);
  EXPECT_EQ(spatialSoftmaxIndexWidth(1, 2, int64_t(1) << 30),
            IndexWidth::Bits64);
  EXPECT_EQ(spatialSoftmaxIndexWidth(1, 2, (int64_t(1) << 31) + 1),
            IndexWidth::Bits64);
  // A product that overflows int64 itself must still say 64-bit.
  EXPECT_EQ(spatialSoftmaxIndexWidth(int64_t(1) << 40, int64_t(1) << 40, 8),
            IndexWidth::Bits64);
}

// ---------------------------------------------------------------------------
// At the boundary: [1, 2, 2^31 + 1]. Labelled large-memory in ctest.

constexpr int64_t kDim = 2;
constexpr int64_t kInner = (int64_t(1) << 31) + 1;
constexpr int64_t kNumel = kDim * kInner; // 4,294,967,298 > 2^32
constexpr size_t kLargeBytes = 3 * sizeof(float) * static_cast<size_t>(kNumel);
const char *const kLargeShape = "[1, 2, 2147483649]";

struct LargeObservation {
  float first[2];
  float last[2];
  double expected[2];
  ColumnCheck check;
  float ms;
};

class SpatialSoftmaxBackwardLarge : public ::testing::Test {
protected:
  void SetUp() override {
    KT_REQUIRE_FREE_BYTES(kLargeBytes + (size_t(1) << 30));
    KT_CUDA_ASSERT(output_.allocate(kNumel));
    KT_CUDA_ASSERT(grad_output_.allocate(kNumel));
    KT_CUDA_ASSERT(grad_input_.allocate(kNumel));
    KT_CUDA_ASSERT(check_.allocate(1));
    fillSeedInputs();
  }

  // The seed's regression inputs: softmax output (0.25, 0.75), grad (1, 0)
  // in every column.
  void fillSeedInputs() {
    KT_CUDA_ASSERT(fill(output_.get(), kInner, 0.25f));
    KT_CUDA_ASSERT(fill(output_.get() + kInner, kInner, 0.75f));
    KT_CUDA_ASSERT(fill(grad_output_.get(), kInner, 1.0f));
    KT_CUDA_ASSERT(fill(grad_output_.get() + kInner, kInner, 0.0f));
    KT_CUDA_ASSERT(cudaDeviceSynchronize());
  }

  static void readColumn(const float *data, int64_t column, float pair[2]) {
    KT_CUDA_ASSERT(cudaMemcpy(&pair[0], data + column, sizeof(float),
                              cudaMemcpyDeviceToHost));
    KT_CUDA_ASSERT(cudaMemcpy(&pair[1], data + kInner + column, sizeof(float),
                              cudaMemcpyDeviceToHost));
  }

  void checkColumns(const float *data, float e0, float e1, float tol,
                    ColumnCheck *result) {
    KT_CUDA_ASSERT(cudaMemset(check_.get(), 0, sizeof(ColumnCheck)));
    checkColumnsKernel<<<4096, 256>>>(data, kInner, e0, e1, tol, check_.get());
    KT_CUDA_ASSERT(cudaGetLastError());
    KT_CUDA_ASSERT(cudaDeviceSynchronize());
    KT_CUDA_ASSERT(cudaMemcpy(result, check_.get(), sizeof(ColumnCheck),
                              cudaMemcpyDeviceToHost));
  }

  // Poisons grad_input, runs `launch` at the boundary shape, and reads back
  // the first and last columns and the column check against fp64.
  void runBackward(BackwardLauncher launch, LargeObservation *seen) {
    KT_CUDA_ASSERT(grad_input_.poison());
    KT_CUDA_ASSERT(cudaDeviceSynchronize());
    EventTimer timer;
    timer.start();
    KT_CUDA_ASSERT(launch(grad_input_.get(), output_.get(), grad_output_.get(),
                          1, kDim, kInner, nullptr));
    KT_CUDA_ASSERT(timer.stopAndRead(&seen->ms));
    KT_CUDA_ASSERT(cudaDeviceSynchronize());

    // fp64 host reference from the inputs of the last column (all columns
    // hold the same inputs).
    float out_pair[2], grad_pair[2];
    readColumn(output_.get(), kInner - 1, out_pair);
    readColumn(grad_output_.get(), kInner - 1, grad_pair);
    const std::vector<double> expected = host::spatialSoftmaxBackward(
        {out_pair[0], out_pair[1]}, {grad_pair[0], grad_pair[1]}, 1, 2, 1);
    seen->expected[0] = expected[0];
    seen->expected[1] = expected[1];

    readColumn(grad_input_.get(), 0, seen->first);
    readColumn(grad_input_.get(), kInner - 1, seen->last);
    checkColumns(grad_input_.get(), static_cast<float>(expected[0]),
                 static_cast<float>(expected[1]), 1e-6f, &seen->check);
  }

  static void record(const char *who, const LargeObservation &seen) {
    std::string bad;
    for (unsigned long long i = 0;
         i < seen.check.bad_count && i < kMaxBadColumns; ++i)
      bad += (i ? "," : "") + std::to_string(seen.check.bad_columns[i]);
    recordResult(std::string(who) + ".shape", kLargeShape);
    recordResult(std::string(who) + ".expected",
                 "(" + formatFloat(seen.expected[0]) + ", " +
                     formatFloat(seen.expected[1]) + ") in every column");
    recordResult(std::string(who) + ".first_column",
                 "(" + formatFloat(seen.first[0]) + ", " +
                     formatFloat(seen.first[1]) + ")");
    recordResult(std::string(who) + ".last_column",
                 "(" + formatFloat(seen.last[0]) + ", " +
                     formatFloat(seen.last[1]) + ")");
    recordResult(std::string(who) + ".wrong_columns",
                 std::to_string(seen.check.bad_count) + " [" + bad + "]");
    recordResult(std::string(who) + ".kernel_ms", formatFloat(seen.ms));
  }

  DeviceBuffer<float> output_, grad_output_, grad_input_;
  DeviceBuffer<ColumnCheck> check_;
};

// Fail-first: the uint32_t fixture must be observed wrong. The last two
// columns' d = 1 offsets (2^32 and 2^32 + 1) wrap to 0 and 1: their sums read
// output[0..1] = 0.25 instead of 0.75, so d = 0 gets 0.25 * (1 - 0.5) = 0.125,
// and d = 1 is never written (it keeps the NaN poison). The wrapped writes of
// 0.125 land on columns 0 and 1, racing with those columns' own writes.
TEST_F(SpatialSoftmaxBackwardLarge, BuggyFixtureWrapsPastUint32) {
  LargeObservation seen;
  runBackward(buggy_fixture::launch_spatial_softmax_backward, &seen);
  if (HasFatalFailure())
    return;
  record("spatial_softmax_backward.buggy", seen);
  ASSERT_EQ(seen.last[0], 0.125f) << "last column, d = 0";
  ASSERT_TRUE(std::isnan(seen.last[1]))
      << "last column, d = 1 should never be written, got " << seen.last[1];
  ASSERT_GE(seen.check.bad_count, 2u);
  ASSERT_LE(seen.check.bad_count, 4u);
  bool saw_last = false;
  for (unsigned long long i = 0; i < seen.check.bad_count; ++i)
    saw_last |= seen.check.bad_columns[i] == kInner - 1;
  EXPECT_TRUE(saw_last) << "the last column is among the wrong ones";
}

TEST_F(SpatialSoftmaxBackwardLarge, FixedFixtureCorrectAtEveryColumn) {
  LargeObservation seen;
  runBackward(fixed_fixture::launch_spatial_softmax_backward, &seen);
  if (HasFatalFailure())
    return;
  record("spatial_softmax_backward.fixed", seen);
  EXPECT_EQ(seen.check.bad_count, 0u);
  EXPECT_NEAR(seen.first[0], seen.expected[0], 1e-6);
  EXPECT_NEAR(seen.first[1], seen.expected[1], 1e-6);
  EXPECT_NEAR(seen.last[0], seen.expected[0], 1e-6);
  EXPECT_NEAR(seen.last[1], seen.expected[1], 1e-6);
  EXPECT_NEAR(seen.expected[0], 0.1875, 1e-12);
  EXPECT_NEAR(seen.expected[1], -0.1875, 1e-12);
}

// The reference kernels at the boundary: the forward (logits (0, ln 3) give
// softmax (0.25, 0.75)) and then the backward on what the forward produced,
// both through the 64-bit instantiation the dispatch must choose here.
TEST_F(SpatialSoftmaxBackwardLarge, ReferenceForwardBackwardCorrectAtEveryColumn) {
  // grad_input doubles as the forward's input; the backward overwrites it.
  KT_CUDA_ASSERT(fill(grad_input_.get(), kInner, 0.0f));
  KT_CUDA_ASSERT(fill(grad_input_.get() + kInner, kInner, std::log(3.0f)));
  KT_CUDA_ASSERT(output_.poison());
  SpatialLaunch forward_launch;
  EventTimer timer;
  timer.start();
  KT_CUDA_ASSERT(spatialSoftmaxForward(output_.get(), grad_input_.get(), 1,
                                       kDim, kInner, nullptr, &forward_launch));
  float forward_ms = 0;
  KT_CUDA_ASSERT(timer.stopAndRead(&forward_ms));
  KT_CUDA_ASSERT(cudaDeviceSynchronize());
  EXPECT_EQ(forward_launch.width, IndexWidth::Bits64);
  ColumnCheck forward_check;
  checkColumns(output_.get(), 0.25f, 0.75f, 1e-6f, &forward_check);
  if (HasFatalFailure())
    return;
  recordResult("spatial_softmax_forward.reference.wrong_columns",
               std::to_string(forward_check.bad_count));
  recordResult("spatial_softmax_forward.reference.kernel_ms",
               formatFloat(forward_ms));
  recordResult("spatial_softmax_forward.reference.launch",
               "block (1, " + std::to_string(forward_launch.block.y) +
                   "), grid (" + std::to_string(forward_launch.grid.x) + ", " +
                   std::to_string(forward_launch.grid.y) + "), index_t " +
                   (forward_launch.width == IndexWidth::Bits64 ? "int64_t"
                                                               : "int32_t"));
  EXPECT_EQ(forward_check.bad_count, 0u);

  LargeObservation seen;
  runBackward(referenceBackward, &seen);
  if (HasFatalFailure())
    return;
  record("spatial_softmax_backward.reference", seen);
  EXPECT_EQ(seen.check.bad_count, 0u);
  EXPECT_NEAR(seen.last[0], 0.1875, 1e-6);
  EXPECT_NEAR(seen.last[1], -0.1875, 1e-6);
}

} // namespace
} // namespace runtime
} // namespace kerneltidy
