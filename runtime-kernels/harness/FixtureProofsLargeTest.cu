//===- FixtureProofsLargeTest.cu - 32-bit offset fixtures past 2^31 -------===//
//
// Compiles the buggy kernel-int32-offset fixtures (and the frontend ones that
// carry the same finding) with their fixed twins and runs them just past the
// boundary where their 32-bit offset wraps. A tensor is placed 2^31 (or 2^32)
// elements into its allocation, after a guard zone holding a canary, so a
// row offset that wraps to -2^31 reads or writes the guard instead of
// faulting. The expected values come from the harness's own 64-bit
// arithmetic on the device (the inputs are functions of the element index).
// Device memory per test: see the KT-RESULT line ("needs"), 4 to 36 GiB.
//
//===----------------------------------------------------------------------===//
#include "runtime-kernels/harness/FixtureProofSupport.h"

#include <vector>

namespace io_row_buggy {
#include "fixtures/cuda/kernel-int32-offset/row_offset_int.cu"
}
namespace io_row_fixed {
#include "fixtures/cuda/kernel-int32-offset/row_offset_int.fixed.cu"
}
namespace io_params_buggy {
#include "fixtures/cuda/kernel-int32-offset/params_struct_int_strides.cu"
}
namespace io_params_fixed {
#include "fixtures/cuda/kernel-int32-offset/params_struct_int_strides.fixed.cu"
}
namespace fe_arch_buggy {
#include "fixtures/cuda/frontend/cuda_arch_guarded_body.cu"
}
namespace fe_arch_fixed {
#include "fixtures/cuda/frontend/cuda_arch_guarded_body.fixed.cu"
}
namespace fe_shim_buggy {
#include "fixtures/cuda/frontend/shim_row_offset.cu"
}
namespace fe_shim_fixed {
#include "fixtures/cuda/frontend/shim_row_offset.fixed.cu"
}
namespace io_widen_buggy {
#include "fixtures/cuda/kernel-int32-offset/overflow_before_widening.cu"
}
namespace io_widen_fixed {
#include "fixtures/cuda/kernel-int32-offset/overflow_before_widening.fixed.cu"
}
namespace io_templ_buggy {
#include "fixtures/cuda/kernel-int32-offset/templated_index_t_unguarded_int32.cu"
}
namespace io_templ_fixed {
#include "fixtures/cuda/kernel-int32-offset/templated_index_t_unguarded_int32.fixed.cu"
}
namespace io_numel_buggy {
#include "fixtures/cuda/kernel-int32-offset/numel_truncated_int.cu"
}
namespace io_numel_fixed {
#include "fixtures/cuda/kernel-int32-offset/numel_truncated_int.fixed.cu"
}
namespace io_ilp_buggy {
#include "fixtures/cuda/kernel-int32-offset/thread_index_times_ilp.cu"
}
namespace io_ilp_fixed {
#include "fixtures/cuda/kernel-int32-offset/thread_index_times_ilp.fixed.cu"
}
namespace io_table_buggy {
#include "fixtures/cuda/kernel-int32-offset/table_index_truncated_int.cu"
}
namespace io_table_fixed {
#include "fixtures/cuda/kernel-int32-offset/table_index_truncated_int.fixed.cu"
}
namespace io_helpers_buggy {
#include "fixtures/cuda/kernel-int32-offset/unbounded_index_helpers.cu"
}
namespace io_helpers_fixed {
#include "fixtures/cuda/kernel-int32-offset/unbounded_index_helpers.fixed.cu"
}
namespace io_loop_buggy {
#include "fixtures/cuda/kernel-int32-offset/cuda_kernel_loop_int_index.cu"
}
namespace io_loop_fixed {
#include "fixtures/cuda/kernel-int32-offset/cuda_kernel_loop_int_index.fixed.cu"
}
namespace io_product_buggy {
#include "fixtures/cuda/kernel-int32-offset/launcher_int_product.cu"
}
namespace io_product_fixed {
#include "fixtures/cuda/kernel-int32-offset/launcher_int_product.fixed.cu"
}
// The unguarded binding: the kernel file, then its launcher binding.cuh. The
// fixed twin's kernel is named decode_gate_fixed (both files live in one
// directory), so binding.cuh is read with its kernel renamed to launch it.
namespace io_binding_buggy {
#include "fixtures/cuda/kernel-int32-offset/host_unguarded_binding/kernel_launched_unchecked.cu"
#include "fixtures/cuda/kernel-int32-offset/host_unguarded_binding/binding.cuh"
}
namespace io_binding_fixed {
#include "fixtures/cuda/kernel-int32-offset/host_unguarded_binding/kernel_launched_unchecked.fixed.cu"
#define decode_gate decode_gate_fixed
#include "fixtures/cuda/kernel-int32-offset/host_unguarded_binding/binding.cuh"
#undef decode_gate
}
namespace io_grid_buggy {
#include "fixtures/cuda/kernel-int32-offset/grid_stride_int_index.cu"
}
namespace io_grid_fixed {
#include "fixtures/cuda/kernel-int32-offset/grid_stride_int_index.fixed.cu"
}
namespace io_strided_buggy {
#include "fixtures/cuda/kernel-int32-offset/thread_strided_loop_counter.cu"
}
namespace io_strided_fixed {
#include "fixtures/cuda/kernel-int32-offset/thread_strided_loop_counter.fixed.cu"
}
namespace iw_gelu_buggy {
#include "fixtures/cuda/kernel-index-width-mismatch/host_dispatch_asymmetry.cu"
}
namespace iw_gelu_fixed {
#include "fixtures/cuda/kernel-index-width-mismatch/host_dispatch_asymmetry.fixed.cu"
}
namespace iw_bag_buggy {
#include "fixtures/cuda/kernel-index-width-mismatch/at_dispatch_forward.cu"
}
namespace iw_bag_fixed {
#include "fixtures/cuda/kernel-index-width-mismatch/at_dispatch_forward.fixed.cu"
}
namespace iw_launcher_buggy {
#include "fixtures/cuda/kernel-index-width-mismatch/launcher_pair.cu"
}
namespace iw_launcher_fixed {
#include "fixtures/cuda/kernel-index-width-mismatch/launcher_pair.fixed.cu"
}
namespace iw_adam_buggy {
#include "fixtures/cuda/kernel-index-width-mismatch/sibling_functors.cu"
}
namespace iw_adam_fixed {
#include "fixtures/cuda/kernel-index-width-mismatch/sibling_functors.fixed.cu"
}
namespace iw_seed_buggy {
#include "fixtures/cuda/kernel-index-width-mismatch/seed_spatial_softmax.cu"
}
namespace iw_seed_fixed {
#include "fixtures/cuda/kernel-index-width-mismatch/seed_spatial_softmax.fixed.cu"
}
namespace iw_split_buggy {
#include "fixtures/cuda/kernel-index-width-mismatch/split_backward.cu"
}
namespace iw_split_fixed {
#include "fixtures/cuda/kernel-index-width-mismatch/split_backward.fixed.cu"
}

namespace kerneltidy {
namespace runtime {
namespace {
using namespace proof;

constexpr int kCols = 4096;
constexpr int kRows = static_cast<int>(kTwo31 / kCols) + 1; // last row at 2^31
constexpr int64_t kN = static_cast<int64_t>(kRows) * kCols;

__host__ __device__ inline float pattern(int64_t i) {
  return static_cast<float>(i % 1021) + 0.5f;
}

std::string gib(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", bytes / (1 << 30));
  return text;
}

void expectVerdict(bool buggy, unsigned long long wrong,
                   unsigned long long outside) {
  if (buggy)
    EXPECT_GT(wrong + outside, 0u)
        << "the buggy fixture was observed right at its boundary shape";
  else {
    EXPECT_EQ(wrong, 0u);
    EXPECT_EQ(outside, 0u);
  }
}

// ---------------------------------------------------------------------------
// [kRows, kCols] float row kernels: in and out each 2^31 elements into their
// allocation; the last row starts at element 2^31.
enum class RowKernel { AddBias, StridedCopy, ArchCopy };

void proveRowKernel(RowKernel which, bool buggy, const char *key) {
  const uint64_t need = static_cast<uint64_t>(2.0 * (kTwo31 + kN) * 4);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> in, out;
  DeviceBuffer<float> bias;
  ASSERT_EQ(in.allocate(kTwo31, kN, 0), cudaSuccess);
  ASSERT_EQ(out.allocate(kTwo31, kN, 0), cudaSuccess);
  ASSERT_EQ(bias.allocate(kCols), cudaSuccess);
  ASSERT_EQ(prepare(in, kCanary, [] __device__(int64_t i) { return pattern(i); }),
            cudaSuccess);
  ASSERT_EQ(prepare(out, kCanary,
                    [] __device__(int64_t) { return __int_as_float(-1); }),
            cudaSuccess); // NaN poison
  float *b = bias.get();
  ASSERT_EQ(forEach(kCols, [=] __device__(int64_t c) { b[c] = 1000.0f + c; }),
            cudaSuccess);
  float ms = 0;
  EventTimer timer;
  timer.start();
  bool add_bias = false;
  switch (which) {
  case RowKernel::AddBias:
    add_bias = true;
    if (buggy)
      io_row_buggy::add_bias_rows<<<kRows, 256>>>(out.data(), in.data(), b, kRows, kCols);
    else
      io_row_fixed::add_bias_rows<<<kRows, 256>>>(out.data(), in.data(), b, kRows, kCols);
    break;
  case RowKernel::StridedCopy:
    if (buggy)
      io_params_buggy::strided_copy<<<kRows, 256>>>(
          out.data(), in.data(), io_params_buggy::CopyParams{kRows, kCols, kCols, kCols});
    else
      io_params_fixed::strided_copy<<<kRows, 256>>>(
          out.data(), in.data(), io_params_fixed::CopyParams{kRows, kCols, kCols, kCols});
    break;
  case RowKernel::ArchCopy:
    if (buggy)
      fe_arch_buggy::copy_rows(out.data(), in.data(), kRows, kCols);
    else
      fe_arch_fixed::copy_rows(out.data(), in.data(), kRows, kCols);
    break;
  }
  KT_LAUNCH_ASSERT(cudaGetLastError());
  ASSERT_EQ(timer.stopAndRead(&ms), cudaSuccess);
  const float *o = out.data();
  const Count wrong = countIf(kN, [=] __device__(int64_t i) {
    const float ref = pattern(i) + (add_bias ? b[i % kCols] : 0.0f);
    return !(o[i] == ref);
  });
  const Count outside = guardWrites(out, kCanary);
  recordResult(key, "[" + std::to_string(kRows) + ", " + std::to_string(kCols) +
                        "] float, last row at element 2^31, needs " + gib(need) +
                        ": wrong cells " + describe(wrong) +
                        "; out guard cells written " + describe(outside) +
                        "; kernel " + formatFloat(ms) + " ms");
  expectVerdict(buggy, wrong.count, outside.count);
}

TEST(Int32OffsetProof, RowOffsetIntBuggy) {
  proveRowKernel(RowKernel::AddBias, true, "row_offset_int.cu");
}
TEST(Int32OffsetProof, RowOffsetIntFixed) {
  proveRowKernel(RowKernel::AddBias, false, "row_offset_int.fixed.cu");
}
TEST(Int32OffsetProof, ParamsStructIntStridesBuggy) {
  proveRowKernel(RowKernel::StridedCopy, true, "params_struct_int_strides.cu");
}
TEST(Int32OffsetProof, ParamsStructIntStridesFixed) {
  proveRowKernel(RowKernel::StridedCopy, false, "params_struct_int_strides.fixed.cu");
}
TEST(Int32OffsetProof, CudaArchGuardedBodyBuggy) {
  proveRowKernel(RowKernel::ArchCopy, true, "frontend/cuda_arch_guarded_body.cu");
}
TEST(Int32OffsetProof, CudaArchGuardedBodyFixed) {
  proveRowKernel(RowKernel::ArchCopy, false, "frontend/cuda_arch_guarded_body.fixed.cu");
}

// shim_row_offset: bf16 in, half out (2 bytes each).
void proveShim(bool buggy, const char *key) {
  const uint64_t need = static_cast<uint64_t>(2.0 * (kTwo31 + kN) * 2);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<__nv_bfloat16> in;
  Guarded<__half> out;
  DeviceBuffer<float> row_max;
  ASSERT_EQ(in.allocate(kTwo31, kN, 0), cudaSuccess);
  ASSERT_EQ(out.allocate(kTwo31, kN, 0), cudaSuccess);
  ASSERT_EQ(row_max.allocate(kRows), cudaSuccess);
  ASSERT_EQ(cudaMemset(row_max.get(), 0, row_max.bytes()), cudaSuccess);
  ASSERT_EQ(prepare(in, __float2bfloat16(kCanary), [] __device__(int64_t i) {
              return __float2bfloat16(static_cast<float>(i % 64));
            }),
            cudaSuccess);
  ASSERT_EQ(prepare(out, __float2half(kCanary),
                    [] __device__(int64_t) { return __ushort_as_half(0xFFFF); }),
            cudaSuccess);
  cudaError_t err =
      buggy ? fe_shim_buggy::launch_scale_rows(out.data(), in.data(), row_max.get(),
                                               kRows, kCols, 0)
            : fe_shim_fixed::launch_scale_rows(out.data(), in.data(), row_max.get(),
                                               kRows, kCols, 0);
  ASSERT_EQ(err, cudaSuccess);
  KT_CUDA_ASSERT(cudaDeviceSynchronize());
  const __half *o = out.data();
  const Count wrong = countIf(kN, [=] __device__(int64_t i) {
    return !(__half2float(o[i]) == static_cast<float>(i % 64) * 0.5f);
  });
  const Count outside = guardWrites(out, __float2half(kCanary));
  recordResult(key, "[" + std::to_string(kRows) + ", 4096] bf16 -> half, needs " +
                        gib(need) + ": wrong cells " + describe(wrong) +
                        "; out guard cells written " + describe(outside));
  expectVerdict(buggy, wrong.count, outside.count);
}
TEST(Int32OffsetProof, ShimRowOffsetBuggy) { proveShim(true, "frontend/shim_row_offset.cu"); }
TEST(Int32OffsetProof, ShimRowOffsetFixed) {
  proveShim(false, "frontend/shim_row_offset.fixed.cu");
}

// ---------------------------------------------------------------------------
// Row gathers from a [kRows, kCols] table: rows 0, kRows-1 (at 2^31) and 7.
void proveGather(bool templated, bool buggy, const char *key) {
  const uint64_t need = static_cast<uint64_t>((kTwo31 + kN) * 4.0);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> table;
  ASSERT_EQ(table.allocate(kTwo31, kN, 0), cudaSuccess);
  ASSERT_EQ(prepare(table, kCanary, [] __device__(int64_t i) { return pattern(i); }),
            cudaSuccess);
  const std::vector<int> rows = {0, kRows - 1, 7};
  const std::vector<int64_t> rows64(rows.begin(), rows.end());
  DeviceBuffer<int> idx;
  DeviceBuffer<int64_t> idx64;
  DeviceBuffer<float> out;
  ASSERT_EQ(idx.allocate(rows.size()), cudaSuccess);
  ASSERT_EQ(idx.upload(rows), cudaSuccess);
  ASSERT_EQ(idx64.allocate(rows.size()), cudaSuccess);
  ASSERT_EQ(idx64.upload(rows64), cudaSuccess);
  ASSERT_EQ(out.allocate(rows.size() * kCols), cudaSuccess);
  ASSERT_EQ(out.poison(), cudaSuccess);
  const int n = static_cast<int>(rows.size());
  if (!templated) {
    if (buggy)
      io_widen_buggy::gather_rows<<<n, 256>>>(out.get(), table.data(), idx.get(), kCols, n);
    else
      io_widen_fixed::gather_rows<<<n, 256>>>(out.get(), table.data(), idx.get(), kCols, n);
  } else {
    if (buggy)
      io_templ_buggy::launch_gather(out.get(), table.data(), idx.get(), n, kCols, 0);
    else
      io_templ_fixed::launch_gather(out.get(), table.data(), idx.get(), idx64.get(),
                                    kRows, n, kCols, 0);
  }
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *o = out.get();
  const int *ix = idx.get();
  const Count wrong = countIf(n * kCols, [=] __device__(int64_t k) {
    const int64_t r = k / kCols, c = k % kCols;
    return !(o[k] == pattern(static_cast<int64_t>(ix[r]) * kCols + c));
  });
  recordResult(key, "table [" + std::to_string(kRows) +
                        ", 4096] float (row " + std::to_string(kRows - 1) +
                        " at element 2^31), rows {0, " + std::to_string(kRows - 1) +
                        ", 7} gathered, needs " + gib(need) +
                        ": wrong gathered cells " + describe(wrong));
  expectVerdict(buggy, wrong.count, 0);
}
TEST(Int32OffsetProof, OverflowBeforeWideningBuggy) {
  proveGather(false, true, "overflow_before_widening.cu");
}
TEST(Int32OffsetProof, OverflowBeforeWideningFixed) {
  proveGather(false, false, "overflow_before_widening.fixed.cu");
}
TEST(Int32OffsetProof, TemplatedIndexTUnguardedInt32Buggy) {
  proveGather(true, true, "templated_index_t_unguarded_int32.cu");
}
TEST(Int32OffsetProof, TemplatedIndexTUnguardedInt32Fixed) {
  proveGather(true, false, "templated_index_t_unguarded_int32.fixed.cu");
}

// ---------------------------------------------------------------------------
// reverse_kernel: numel = 2^31 + 4096 truncated to int; out has a 2^32
// guard before it (the wrapped 'n - 1 - i' runs down to -2^32).
void proveNumel(bool buggy, const char *key) {
  const int64_t n = kTwo31 + 4096;
  const uint64_t need = static_cast<uint64_t>((kTwo32 + n) * 4.0 + n * 4.0);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> in, out;
  ASSERT_EQ(in.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(out.allocate(kTwo32, n, 0), cudaSuccess);
  ASSERT_EQ(prepare(in, kCanary, [] __device__(int64_t i) { return pattern(i); }),
            cudaSuccess);
  ASSERT_EQ(prepare(out, kCanary,
                    [] __device__(int64_t) { return __int_as_float(-1); }),
            cudaSuccess);
  if (buggy)
    io_numel_buggy::reverse_kernel<<<132 * 64, 256>>>(out.data(), in.data(), n);
  else
    io_numel_fixed::reverse_kernel<<<132 * 64, 256>>>(out.data(), in.data(), n);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *o = out.data();
  const Count wrong = countIf(n, [=] __device__(int64_t i) {
    return !(o[i] == pattern(n - 1 - i));
  });
  const Count outside = guardWrites(out, kCanary);
  recordResult(key, "numel 2^31 + 4096 float, needs " + gib(need) +
                        ": wrong cells " + describe(wrong) +
                        "; guard cells written " + describe(outside));
  expectVerdict(buggy, wrong.count, outside.count);
}
TEST(Int32OffsetProof, NumelTruncatedIntBuggy) { proveNumel(true, "numel_truncated_int.cu"); }
TEST(Int32OffsetProof, NumelTruncatedIntFixed) {
  proveNumel(false, "numel_truncated_int.fixed.cu");
}

// scale_vec4 in place on 2^32 + 1024 floats: thread ids past 2^30 wrap.
void proveIlp(bool buggy, const char *key) {
  const int64_t n = kTwo32 + 1024;
  const uint64_t need = static_cast<uint64_t>(n * 4.0);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> x;
  ASSERT_EQ(x.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(prepare(x, kCanary, [] __device__(int64_t i) { return pattern(i); }),
            cudaSuccess);
  const int64_t threads = (n + 3) / 4;
  const unsigned blocks = static_cast<unsigned>((threads + 255) / 256);
  if (buggy)
    io_ilp_buggy::scale_vec4<<<blocks, 256>>>(x.data(), 2.0f, n);
  else
    io_ilp_fixed::scale_vec4<<<blocks, 256>>>(x.data(), 2.0f, n);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *p = x.data();
  const Count wrong = countIf(n, [=] __device__(int64_t i) {
    return !(p[i] == 2.0f * pattern(i));
  });
  recordResult(key, "x of 2^32 + 1024 floats, alpha 2, needs " + gib(need) +
                        ": wrong cells " + describe(wrong));
  expectVerdict(buggy, wrong.count, 0);
}
TEST(Int32OffsetProof, ThreadIndexTimesIlpBuggy) { proveIlp(true, "thread_index_times_ilp.cu"); }
TEST(Int32OffsetProof, ThreadIndexTimesIlpFixed) {
  proveIlp(false, "thread_index_times_ilp.fixed.cu");
}

// quantize_levels: levels is int8 with 2^31 + 2 entries after a 2^31 guard;
// base = 2^31, so the position 2^31 + (x > levels[0]) is held in 'int'.
void proveTable(bool buggy, const char *key) {
  const int64_t nlev = kTwo31 + 2;
  const uint64_t need = static_cast<uint64_t>((kTwo31 + nlev) * 1.0);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<int8_t> levels;
  ASSERT_EQ(levels.allocate(kTwo31, nlev, 0), cudaSuccess);
  ASSERT_EQ(prepare(levels, static_cast<int8_t>(-77), [] __device__(int64_t i) {
              return static_cast<int8_t>(i == kTwo31 ? 10 : (i == kTwo31 + 1 ? 20 : 0));
            }),
            cudaSuccess);
  const int n = 1024;
  DeviceBuffer<float> x, err;
  ASSERT_EQ(x.allocate(n), cudaSuccess);
  ASSERT_EQ(err.allocate(n), cudaSuccess);
  ASSERT_EQ(err.poison(), cudaSuccess);
  float *xp = x.get();
  ASSERT_EQ(forEach(n, [=] __device__(int64_t i) { xp[i] = (i % 2) ? 1.5f : -1.5f; }),
            cudaSuccess);
  if (buggy)
    io_table_buggy::quantize_levels<<<n / 256, 256>>>(xp, err.get(), levels.data(), n, kTwo31);
  else
    io_table_fixed::quantize_levels<<<n / 256, 256>>>(xp, err.get(), levels.data(), n, kTwo31);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *e = err.get();
  const Count wrong = countIf(n, [=] __device__(int64_t i) {
    const float xv = (i % 2) ? 1.5f : -1.5f;
    return !(e[i] == xv - ((i % 2) ? 20.0f : 10.0f));
  });
  recordResult(key, "quantize_levels: levels int8 [2^31 + 2] after a 2^31 guard "
                    "(-77), base 2^31, 1024 inputs, needs " + gib(need) +
                        ": wrong outputs " + describe(wrong));
  expectVerdict(buggy, wrong.count, 0);
}
TEST(Int32OffsetProof, TableIndexTruncatedIntBuggy) {
  proveTable(true, "table_index_truncated_int.cu");
}
TEST(Int32OffsetProof, TableIndexTruncatedIntFixed) {
  proveTable(false, "table_index_truncated_int.fixed.cu");
}

// load_mask_rows: nrows = 2^31 + 16, j0 = 2^31, stride 1: mod_by returns
// 2^31 + j, held in 'int'. The mask sits after a 2^31 guard.
void proveHelpers(bool buggy, const char *key) {
  const int64_t nm = kTwo31 + 64;
  const uint64_t need = static_cast<uint64_t>((kTwo31 + nm) * 4.0);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> mask;
  ASSERT_EQ(mask.allocate(kTwo31, nm, 0), cudaSuccess);
  ASSERT_EQ(prepare(mask, kCanary, [] __device__(int64_t i) { return pattern(i); }),
            cudaSuccess);
  DeviceBuffer<float> tile;
  ASSERT_EQ(tile.allocate(8 * 32), cudaSuccess);
  ASSERT_EQ(tile.poison(), cudaSuccess);
  const uint32_t nrows = static_cast<uint32_t>(kTwo31 + 16);
  if (buggy)
    io_helpers_buggy::load_mask_rows<<<1, dim3(32, 8)>>>(mask.data(), tile.get(), kTwo31,
                                                         nrows, 1);
  else
    io_helpers_fixed::load_mask_rows<<<1, dim3(32, 8)>>>(mask.data(), tile.get(), kTwo31,
                                                         nrows, 1);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *t = tile.get();
  const Count wrong = countIf(8 * 32, [=] __device__(int64_t k) {
    const int64_t j = k / 32, x = k % 32;
    return !(t[k] == pattern(kTwo31 + j + x));
  });
  recordResult(key, "load_mask_rows: nrows 2^31 + 16, j0 = 2^31, mask float after "
                    "a 2^31 guard, needs " + gib(need) + ": wrong tile cells " +
                        describe(wrong) +
                        " (tail_offset not run: every block writes the same dst, "
                        "a race by design)");
  expectVerdict(buggy, wrong.count, 0);
}
TEST(Int32OffsetProof, UnboundedIndexHelpersBuggy) {
  proveHelpers(true, "unbounded_index_helpers.cu");
}
TEST(Int32OffsetProof, UnboundedIndexHelpersFixed) {
  proveHelpers(false, "unbounded_index_helpers.fixed.cu");
}

// fill_kernel through PyTorch's CUDA_KERNEL_LOOP: n = 2^31 + 4096; out after
// a 2^31 guard.
void proveKernelLoop(bool buggy, const char *key) {
  const int64_t n = kTwo31 + 4096;
  const uint64_t need = static_cast<uint64_t>((kTwo31 + n) * 4.0);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> out;
  ASSERT_EQ(out.allocate(kTwo31, n, 0), cudaSuccess);
  ASSERT_EQ(prepare(out, kCanary,
                    [] __device__(int64_t) { return __int_as_float(-1); }),
            cudaSuccess);
  if (buggy)
    io_loop_buggy::fill_kernel<<<132 * 64, 256>>>(out.data(), 3.0f, n);
  else
    io_loop_fixed::fill_kernel<<<132 * 64, 256>>>(out.data(), 3.0f, n);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *o = out.data();
  const Count wrong = countIf(n, [=] __device__(int64_t i) { return !(o[i] == 3.0f); });
  const Count outside = guardWrites(out, kCanary);
  recordResult(key, "fill of 2^31 + 4096 floats, needs " + gib(need) +
                        ": cells not filled " + describe(wrong) +
                        "; guard cells written " + describe(outside));
  expectVerdict(buggy, wrong.count, outside.count);
}
TEST(Int32OffsetProof, CudaKernelLoopIntIndexBuggy) {
  proveKernelLoop(true, "cuda_kernel_loop_int_index.cu");
}
TEST(Int32OffsetProof, CudaKernelLoopIntIndexFixed) {
  proveKernelLoop(false, "cuda_kernel_loop_int_index.fixed.cu");
}

// launch_fill_ones (launcher_int_product.cu): the launcher forms the count
// as 'const int n = rows * cols'. At [65536, 32768], exactly 2^31 elements
// (the smallest product past INT_MAX), n is -2^31 and the fill writes
// nothing. The fill's own index is 64-bit from 0, so no count can write
// outside [0, rows * cols): 4096-element canary guards on either side show
// that, a 2^31 guard would catch nothing more. 8 GiB.
void proveLauncherProduct(bool buggy, const char *key) {
  const int rows = 65536, cols = 32768;
  const int64_t n = static_cast<int64_t>(rows) * cols, pad = 4096;
  // What the launcher's 'int' holds (two's complement): -2^31.
  const int32_t as_int = static_cast<int32_t>(static_cast<uint32_t>(n));
  const uint64_t need = static_cast<uint64_t>((pad + n + pad) * 4.0);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> y;
  ASSERT_EQ(y.allocate(pad, n, pad), cudaSuccess);
  ASSERT_EQ(prepare(y, kCanary, [] __device__(int64_t) { return __int_as_float(-1); }),
            cudaSuccess);
  if (buggy)
    io_product_buggy::launch_fill_ones(y.data(), rows, cols);
  else
    io_product_fixed::launch_fill_ones(y.data(), rows, cols);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *o = y.data();
  const Count wrong = countIf(n, [=] __device__(int64_t i) { return !(o[i] == 1.0f); });
  const Count outside = guardWrites(y, kCanary);
  recordResult(key, "launch_fill_ones [65536, 32768] float (2^31 elements; as int n = " +
                        std::to_string(as_int) + "), needs " + gib(need) +
                        ": cells not filled " + describe(wrong) +
                        "; guard cells written " + describe(outside));
  expectVerdict(buggy, wrong.count, outside.count);
}
TEST(Int32OffsetProof, LauncherIntProductBuggy) {
  proveLauncherProduct(true, "launcher_int_product.cu");
}
TEST(Int32OffsetProof, LauncherIntProductFixed) {
  proveLauncherProduct(false, "launcher_int_product.fixed.cu");
}

// decode_gate through run_decode_gate (host_unguarded_binding/binding.cuh,
// no extent check): 131,073 tokens of 128 heads of 128 floats, the smallest
// token count at 128 heads past 2^31 elements. Token 131,072 starts at element
// 2^31, where (token_pos * heads + head) * 128 + elem in 'int' wraps to
// -2^31 + head * 128 + elem. q, g and out are one tensor after a 2^31 guard,
// updated in place (x = x * x): the kernel has no __restrict__, each thread
// reads and writes only its own element, and all three use the same offset,
// so the aliasing neither hides nor makes a wrap; one guarded tensor instead
// of three (16 GiB, not 48).
void proveDecodeGate(bool buggy, const char *key) {
  const int64_t tokens = 131073, heads = 128, n = tokens * heads * 128;
  const uint64_t need = static_cast<uint64_t>((kTwo31 + n) * 4.0);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> x;
  ASSERT_EQ(x.allocate(kTwo31, n, 0), cudaSuccess);
  ASSERT_EQ(prepare(x, kCanary, [] __device__(int64_t i) { return pattern(i); }),
            cudaSuccess);
  float *p = x.data();
  if (buggy)
    io_binding_buggy::run_decode_gate(p, p, p, tokens, heads);
  else
    io_binding_fixed::run_decode_gate(p, p, p, tokens, heads);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const Count wrong = countIf(n, [=] __device__(int64_t i) {
    const float v = pattern(i);
    return !(p[i] == v * v);
  });
  const Count outside = guardWrites(x, kCanary);
  recordResult(key, "decode_gate [131073 tokens, 128 heads, 128] float (token 131072 "
                    "at element 2^31), q = g = out in place, needs " + gib(need) +
                        ": wrong cells " + describe(wrong) +
                        "; guard cells written " + describe(outside));
  expectVerdict(buggy, wrong.count, outside.count);
}
TEST(Int32OffsetProof, KernelLaunchedUncheckedBuggy) {
  proveDecodeGate(true, "host_unguarded_binding/kernel_launched_unchecked.cu");
}
TEST(Int32OffsetProof, KernelLaunchedUncheckedFixed) {
  proveDecodeGate(false, "host_unguarded_binding/kernel_launched_unchecked.fixed.cu");
}

// layer_scale_backward (index-width split pair): numel = 2^32 + 4096 is
// passed as uint32_t, so only 4096 elements are computed.
void proveSplitBackward(bool buggy, const char *key) {
  const int64_t n = kTwo32 + 4096, inner = 4096;
  const uint64_t need = static_cast<uint64_t>(2.0 * n * 4);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> dy, dx;
  DeviceBuffer<float> gamma;
  ASSERT_EQ(dy.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(dx.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(gamma.allocate(inner), cudaSuccess);
  ASSERT_EQ(prepare(dy, kCanary, [] __device__(int64_t i) { return pattern(i); }),
            cudaSuccess);
  ASSERT_EQ(prepare(dx, kCanary, [] __device__(int64_t) { return __int_as_float(-1); }),
            cudaSuccess);
  float *g = gamma.get();
  ASSERT_EQ(forEach(inner, [=] __device__(int64_t c) { g[c] = 0.25f * (c % 8); }),
            cudaSuccess);
  if (buggy)
    iw_split_buggy::layer_scale_backward_cuda(dx.data(), dy.data(), g, inner, n);
  else
    iw_split_fixed::layer_scale_backward_cuda(dx.data(), dy.data(), g, inner, n);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *d = dx.data();
  const float *yv = dy.data();
  const Count wrong = countIf(n, [=] __device__(int64_t i) {
    return !(d[i] == yv[i] * g[i % inner]);
  });
  recordResult(key, "dx = dy * gamma over 2^32 + 4096 floats, needs " + gib(need) +
                        ": wrong cells " + describe(wrong));
  expectVerdict(buggy, wrong.count, 0);
}
TEST(Int32OffsetProof, SplitBackwardUint32Buggy) {
  proveSplitBackward(true, "kernel-index-width-mismatch/split_backward.cu");
}
TEST(Int32OffsetProof, SplitBackwardUint32Fixed) {
  proveSplitBackward(false, "kernel-index-width-mismatch/split_backward.fixed.cu");
}

// ---------------------------------------------------------------------------
// A grid-stride loop with an 'int' index below numel > INT_MAX never
// reaches numel (signed overflow; in practice the index wraps negative and
// the loop goes on). The fixed twin finishes in milliseconds; the buggy one
// is watched for 20 s, then the process leaves with the kernel still
// running. Run alone: run-gpu-validation.sh gives each *Hang test its own
// process.
void proveGridStride(bool buggy, const char *key) {
  const int64_t n = kTwo31 + 4096;
  const uint64_t need = static_cast<uint64_t>(2.0 * (kTwo31 + n) * 4);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> in, out;
  ASSERT_EQ(in.allocate(kTwo31, n, 0), cudaSuccess);
  ASSERT_EQ(out.allocate(kTwo31, n, 0), cudaSuccess);
  ASSERT_EQ(prepare(in, kCanary, [] __device__(int64_t i) { return pattern(i); }),
            cudaSuccess);
  ASSERT_EQ(prepare(out, kCanary, [] __device__(int64_t) { return __int_as_float(-1); }),
            cudaSuccess);
  float *o = out.data();
  const float *ip = in.data();
  double ms = 0;
  const bool finished = finishesWithin(20.0, [&](cudaStream_t s) {
    if (buggy)
      io_grid_buggy::launch_scale(o, ip, 2.0f, n, s);
    else
      io_grid_fixed::launch_scale(o, ip, 2.0f, n, s);
  }, &ms);
  if (!finished)
    leaveWithKernelRunning(key, "scale of 2^31 + 4096 floats, needs " + gib(need) +
                                    ": kernel still running after " +
                                    formatFloat(ms / 1e3) +
                                    " s (the int index never reaches numel)");
  KT_CUDA_ASSERT(cudaGetLastError());
  KT_CUDA_ASSERT(cudaDeviceSynchronize());
  const Count wrong = countIf(n, [=] __device__(int64_t i) {
    return !(o[i] == 2.0f * pattern(i));
  });
  const Count outside = guardWrites(out, kCanary);
  recordResult(key, "scale of 2^31 + 4096 floats, needs " + gib(need) +
                        ": finished in " + formatFloat(ms) + " ms; wrong cells " +
                        describe(wrong) + "; guard cells written " + describe(outside));
  expectVerdict(buggy, wrong.count, outside.count);
}
TEST(Int32OffsetHang, GridStrideIntIndexBuggy) {
  proveGridStride(true, "grid_stride_int_index.cu");
}
TEST(Int32OffsetProof, GridStrideIntIndexFixed) {
  proveGridStride(false, "grid_stride_int_index.fixed.cu");
}

// sum_short_counter (table_index_truncated_int.cu): a uint16_t counter below
// n = 65536 + 64 wraps to 0 and never reaches n. 256 KiB of device memory.
void proveShortCounter(bool buggy, const char *key) {
  KT_REQUIRE_GPU();
  const int64_t n = 65536 + 64;
  DeviceBuffer<float> x, out;
  ASSERT_EQ(x.allocate(n), cudaSuccess);
  ASSERT_EQ(out.allocate(256), cudaSuccess);
  ASSERT_EQ(out.poison(), cudaSuccess);
  float *xp = x.get();
  ASSERT_EQ(forEach(n, [=] __device__(int64_t i) { xp[i] = 1.0f; }), cudaSuccess);
  float *op = out.get();
  double ms = 0;
  const bool finished = finishesWithin(20.0, [&](cudaStream_t s) {
    if (buggy)
      io_table_buggy::sum_short_counter<<<1, 256, 0, s>>>(xp, op, n);
    else
      io_table_fixed::sum_short_counter<<<1, 256, 0, s>>>(xp, op, n);
  }, &ms);
  if (!finished)
    leaveWithKernelRunning(key, "sum_short_counter, n = 65600: kernel still "
                                "running after " + formatFloat(ms / 1e3) +
                                    " s (the 16-bit counter wraps below n)");
  KT_CUDA_ASSERT(cudaGetLastError());
  KT_CUDA_ASSERT(cudaDeviceSynchronize());
  // Each of the 256 threads sums x[k] for k = t, t + 256, ...: 256 or 257 ones.
  const Count wrong = countIf(256, [=] __device__(int64_t t) {
    return !(op[t] == static_cast<float>((n - t + 255) / 256));
  });
  recordResult(key, "sum_short_counter, n = 65600: finished in " + formatFloat(ms) +
                        " ms; wrong partial sums " + describe(wrong));
  expectVerdict(buggy, wrong.count, 0);
}
TEST(Int32OffsetHang, TableIndexShortCounterBuggy) {
  proveShortCounter(true, "table_index_truncated_int.cu (sum_short_counter)");
}
TEST(Int32OffsetProof, TableIndexShortCounterFixed) {
  proveShortCounter(false, "table_index_truncated_int.fixed.cu (sum_short_counter)");
}

// expert_histogram (thread_strided_loop_counter.cu): one block of 1024
// threads over num_elems = 2^31 + 4096 token slots, 'int' counter. The ids
// sit after a 2^31 guard of expert 0, so a wrapped counter reads valid ids.
void proveHistogram(bool buggy, const char *key) {
  const int64_t n = kTwo31 + 4096;
  const int experts = 1024;
  const uint64_t need = static_cast<uint64_t>((kTwo31 + n) * 4.0);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<int> ids;
  ASSERT_EQ(ids.allocate(kTwo31, n, 0), cudaSuccess);
  ASSERT_EQ(prepare(ids, 0, [=] __device__(int64_t i) {
              return static_cast<int>(i % experts);
            }),
            cudaSuccess);
  DeviceBuffer<int> counts;
  ASSERT_EQ(counts.allocate(experts), cudaSuccess);
  ASSERT_EQ(cudaMemset(counts.get(), 0, counts.bytes()), cudaSuccess);
  const int *idp = ids.data();
  int *cp = counts.get();
  double ms = 0;
  const bool finished = finishesWithin(30.0, [&](cudaStream_t s) {
    if (buggy)
      io_strided_buggy::expert_histogram<<<1, 1024, 0, s>>>(idp, cp, n);
    else
      io_strided_fixed::expert_histogram<<<1, 1024, 0, s>>>(idp, cp, n);
  }, &ms);
  if (!finished)
    leaveWithKernelRunning(key, "expert_histogram, 2^31 + 4096 slots, one block "
                                "of 1024, needs " + gib(need) +
                                    ": kernel still running after " +
                                    formatFloat(ms / 1e3) +
                                    " s (the int counter never reaches num_elems)");
  KT_CUDA_ASSERT(cudaGetLastError());
  KT_CUDA_ASSERT(cudaDeviceSynchronize());
  const Count wrong = countIf(experts, [=] __device__(int64_t e) {
    const int64_t ref = n / experts + (e < n % experts ? 1 : 0);
    return static_cast<int64_t>(cp[e]) != ref;
  });
  recordResult(key, "expert_histogram, 2^31 + 4096 slots, needs " + gib(need) +
                        ": finished in " + formatFloat(ms) + " ms; wrong counts " +
                        describe(wrong));
  expectVerdict(buggy, wrong.count, 0);
}
TEST(Int32OffsetHang, ThreadStridedLoopCounterBuggy) {
  proveHistogram(true, "thread_strided_loop_counter.cu (expert_histogram)");
}
TEST(Int32OffsetProof, ThreadStridedLoopCounterFixed) {
  proveHistogram(false, "thread_strided_loop_counter.fixed.cu (expert_histogram)");
}

// ---------------------------------------------------------------------------
// kernel-index-width-mismatch: the backward of each pair run through its own
// host launcher (or functor) at a tensor past 2^31 elements, the size the
// forward is dispatched to 64 bits for.

// gelu_backward: numel = 2^31 + 4096 cast to int32_t (negative): the loop
// never runs. 24 GiB.
void proveGelu(bool buggy, const char *key) {
  const int64_t n = kTwo31 + 4096;
  const uint64_t need = static_cast<uint64_t>(3.0 * n * 4);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> gin, gout, in;
  ASSERT_EQ(gin.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(gout.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(in.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(prepare(gin, kCanary, [] __device__(int64_t) { return __int_as_float(-1); }),
            cudaSuccess);
  ASSERT_EQ(prepare(gout, kCanary, [] __device__(int64_t) { return 1.0f; }), cudaSuccess);
  ASSERT_EQ(prepare(in, kCanary, [] __device__(int64_t i) { return (i % 7) * 0.25f - 0.75f; }),
            cudaSuccess);
  if (buggy)
    iw_gelu_buggy::gelu_backward(gin.data(), gout.data(), in.data(), n, 0);
  else
    iw_gelu_fixed::gelu_backward(gin.data(), gout.data(), in.data(), n, 0);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *g = gin.data();
  // Every cell must be written and finite (the formula is the fixture's own;
  // the check is that each element was computed: the poison is a NaN).
  const Count wrong = countIf(n, [=] __device__(int64_t i) { return !isfinite(g[i]); });
  recordResult(key, "gelu_backward over 2^31 + 4096 floats, needs " + gib(need) +
                        ": cells never written (still NaN) " + describe(wrong));
  expectVerdict(buggy, wrong.count, 0);
}
TEST(IndexWidthProof, HostDispatchAsymmetryBuggy) {
  proveGelu(true, "kernel-index-width-mismatch/host_dispatch_asymmetry.cu");
}
TEST(IndexWidthProof, HostDispatchAsymmetryFixed) {
  proveGelu(false, "kernel-index-width-mismatch/host_dispatch_asymmetry.fixed.cu");
}

// embedding_bag_backward: grad_weight [kRows, 4096] float after a 2^31
// guard; indices {0, kRows - 1, 7}: 'indices[i] * dim' in int wraps for the
// row at element 2^31. 16 GiB.
void proveBag(bool buggy, const char *key) {
  const uint64_t need = static_cast<uint64_t>((kTwo31 + kN) * 4.0);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> gw;
  ASSERT_EQ(gw.allocate(kTwo31, kN, 0), cudaSuccess);
  ASSERT_EQ(prepare(gw, kCanary, [] __device__(int64_t) { return 0.0f; }), cudaSuccess);
  const std::vector<int> rows = {0, kRows - 1, 7};
  DeviceBuffer<int> idx;
  DeviceBuffer<float> gout;
  ASSERT_EQ(idx.allocate(rows.size()), cudaSuccess);
  ASSERT_EQ(idx.upload(rows), cudaSuccess);
  ASSERT_EQ(gout.allocate(rows.size() * kCols), cudaSuccess);
  float *go = gout.get();
  ASSERT_EQ(forEach(3 * kCols, [=] __device__(int64_t k) { go[k] = 1.0f + k / kCols; }),
            cudaSuccess);
  // The buggy backward takes only 'int' indices; the fixed one is dispatched
  // like the forward, here on int64 indices (at::kLong).
  const std::vector<int64_t> rows64(rows.begin(), rows.end());
  DeviceBuffer<int64_t> idx64;
  ASSERT_EQ(idx64.allocate(rows64.size()), cudaSuccess);
  ASSERT_EQ(idx64.upload(rows64), cudaSuccess);
  if (buggy)
    iw_bag_buggy::embedding_bag_backward_cuda(gw.data(), go, idx.get(), 3, kCols);
  else
    iw_bag_fixed::embedding_bag_backward_cuda(gw.data(), go, idx64.get(), true, 3, kCols);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *w = gw.data();
  const Count wrong = countIf(kN, [=] __device__(int64_t i) {
    const int64_t r = i / kCols;
    const float ref = r == 0 ? 1.0f : (r == kRows - 1 ? 2.0f : (r == 7 ? 3.0f : 0.0f));
    return !(w[i] == ref);
  });
  const Count outside = guardWrites(gw, kCanary);
  recordResult(key, "embedding_bag backward, grad_weight [" + std::to_string(kRows) +
                        ", 4096] float, rows {0, " + std::to_string(kRows - 1) +
                        ", 7}, indices int32 (buggy) / int64 (fixed), needs " + gib(need) + ": wrong cells " +
                        describe(wrong) + "; guard cells written " + describe(outside));
  expectVerdict(buggy, wrong.count, outside.count);
}
TEST(IndexWidthProof, AtDispatchForwardBackwardBuggy) {
  proveBag(true, "kernel-index-width-mismatch/at_dispatch_forward.cu");
}
TEST(IndexWidthProof, AtDispatchForwardBackwardFixed) {
  proveBag(false, "kernel-index-width-mismatch/at_dispatch_forward.fixed.cu");
}

struct Dots5 {
  double v[5];
};

// softmax_backward_cuda: rows = 2^21 + 1 of 1024, the last row at element
// 2^31; dy, y and dx each after a 2^31 guard. 48 GiB.
void proveLauncherPair(bool buggy, const char *key) {
  const int64_t rows = (int64_t(1) << 21) + 1, cols = 1024, n = rows * cols;
  const uint64_t need = static_cast<uint64_t>(3.0 * (kTwo31 + n) * 4);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> dx, dy, y;
  ASSERT_EQ(dx.allocate(kTwo31, n, 0), cudaSuccess);
  ASSERT_EQ(dy.allocate(kTwo31, n, 0), cudaSuccess);
  ASSERT_EQ(y.allocate(kTwo31, n, 0), cudaSuccess);
  ASSERT_EQ(prepare(dx, kCanary, [] __device__(int64_t) { return __int_as_float(-1); }),
            cudaSuccess);
  ASSERT_EQ(prepare(dy, kCanary, [] __device__(int64_t i) { return (i % 5) * 0.25f; }),
            cudaSuccess);
  ASSERT_EQ(prepare(y, kCanary, [=] __device__(int64_t) { return 1.0f / cols; }),
            cudaSuccess);
  if (buggy)
    iw_launcher_buggy::softmax_backward_cuda(dx.data(), dy.data(), y.data(), rows, cols);
  else
    iw_launcher_fixed::softmax_backward_cuda(dx.data(), dy.data(), y.data(), rows, cols);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  // dot = sum_c dy * y per row: rows of 1024 repeat dy's pattern of period 5
  // from (row * 1024) % 5; computed here in double per row.
  Dots5 dots;
  for (int rr = 0; rr < 5; ++rr) {
    dots.v[rr] = 0;
    for (int64_t c = 0; c < cols; ++c)
      dots.v[rr] += ((rr + c) % 5) * 0.25 / cols;
  }
  const float *d = dx.data();
  const Count wrong = countIf(n, [=] __device__(int64_t i) {
    const int64_t r = i / cols;
    const double ref = (1.0 / cols) * (((i % 5) * 0.25) - dots.v[(r * cols) % 5]);
    return !(fabs(d[i] - ref) <= 1e-6);
  });
  const Count outside = guardWrites(dx, kCanary);
  recordResult(key, "softmax backward [" + std::to_string(rows) + ", 1024] float, the "
                    "last row at element 2^31, needs " + gib(need) + ": wrong cells " +
                        describe(wrong) + "; dx guard cells written " + describe(outside));
  expectVerdict(buggy, wrong.count, outside.count);
}
TEST(IndexWidthProof, LauncherPairBackwardBuggy) {
  proveLauncherPair(true, "kernel-index-width-mismatch/launcher_pair.cu");
}
TEST(IndexWidthProof, LauncherPairBackwardFixed) {
  proveLauncherPair(false, "kernel-index-width-mismatch/launcher_pair.fixed.cu");
}

// AdamFunctor through multi_tensor_apply_kernel with metadata set here: one
// tensor of 2^31 + 8 * 65536 elements, 8 blocks on chunks 32764..32771
// (chunk 32768 starts at element 2^31). param, grad and exp_avg each after a
// 2^31 guard. 48 GiB.
void proveAdam(bool buggy, const char *key) {
  const int64_t chunk = 65536, first = 32764, n = (first + 8) * chunk;
  const uint64_t need = static_cast<uint64_t>(3.0 * (kTwo31 + n) * 4);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> p, g, m;
  ASSERT_EQ(p.allocate(kTwo31, n, 0), cudaSuccess);
  ASSERT_EQ(g.allocate(kTwo31, n, 0), cudaSuccess);
  ASSERT_EQ(m.allocate(kTwo31, n, 0), cudaSuccess);
  ASSERT_EQ(prepare(p, kCanary, [] __device__(int64_t) { return 1.0f; }), cudaSuccess);
  ASSERT_EQ(prepare(g, kCanary, [] __device__(int64_t) { return 2.0f; }), cudaSuccess);
  ASSERT_EQ(prepare(m, kCanary, [] __device__(int64_t) { return 0.0f; }), cudaSuccess);
  const float lr = 0.5f, beta1 = 0.5f;
  // exp_avg = 0.5 * 0 + 0.5 * 2 = 1; param = 1 - 0.5 * 1 = 0.5 for the
  // chunks 32764..32771; untouched (1, 0) before them.
  if (buggy) {
    iw_adam_buggy::TensorListMetadata tl;
    std::memset(&tl, 0, sizeof tl);
    tl.addresses[0][0] = p.data();
    tl.addresses[1][0] = g.data();
    tl.addresses[2][0] = m.data();
    tl.numel_for_tensor[0] = n;
    for (int b = 0; b < 8; ++b) {
      tl.block_to_tensor[b] = 0;
      tl.block_to_chunk[b] = static_cast<int>(first + b);
    }
    iw_adam_buggy::multi_tensor_apply_kernel<<<8, 512>>>(
        tl, iw_adam_buggy::AdamFunctor<float>(), lr, beta1);
  } else {
    iw_adam_fixed::TensorListMetadata tl;
    std::memset(&tl, 0, sizeof tl);
    tl.addresses[0][0] = p.data();
    tl.addresses[1][0] = g.data();
    tl.addresses[2][0] = m.data();
    tl.numel_for_tensor[0] = n;
    for (int b = 0; b < 8; ++b) {
      tl.block_to_tensor[b] = 0;
      tl.block_to_chunk[b] = static_cast<int>(first + b);
    }
    iw_adam_fixed::multi_tensor_apply_kernel<<<8, 512>>>(
        tl, iw_adam_fixed::AdamFunctor<float>(), lr, beta1);
  }
  KT_LAUNCH_ASSERT(cudaGetLastError());
  const float *pp = p.data();
  const int64_t lo = first * chunk;
  const Count wrong = countIf(n, [=] __device__(int64_t i) {
    return !(pp[i] == (i >= lo ? 0.5f : 1.0f));
  });
  const Count outside = guardWrites(p, kCanary);
  recordResult(key, "AdamFunctor, one tensor of " + std::to_string(n) +
                        " floats, chunks 32764..32771 (chunk 32768 at element 2^31), "
                        "needs " + gib(need) + ": wrong params " + describe(wrong) +
                        "; param guard cells written " + describe(outside));
  expectVerdict(buggy, wrong.count, outside.count);
}
TEST(IndexWidthProof, SiblingFunctorsAdamBuggy) {
  proveAdam(true, "kernel-index-width-mismatch/sibling_functors.cu (AdamFunctor)");
}
TEST(IndexWidthProof, SiblingFunctorsAdamFixed) {
  proveAdam(false, "kernel-index-width-mismatch/sibling_functors.fixed.cu (AdamFunctor)");
}

// The index-width seed pair, backward through its own launcher
// (grid 65535 x 65535, block 1 x 256) at [outer, dim, inner] =
// [1, 2, 2^31 + 1]: output (0.25, 0.75) and grad (1, 0) in every column,
// fp64 reference (0.1875, -0.1875). 48 GiB.
void proveSeedIndexWidth(bool buggy, const char *key) {
  const int64_t inner = kTwo31 + 1, n = 2 * inner;
  const uint64_t need = static_cast<uint64_t>(3.0 * n * 4);
  KT_REQUIRE_FREE_BYTES(need + (1ull << 30));
  Guarded<float> gi, out, go;
  ASSERT_EQ(gi.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(out.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(go.allocate(0, n, 0), cudaSuccess);
  ASSERT_EQ(prepare(gi, kCanary, [] __device__(int64_t) { return __int_as_float(-1); }),
            cudaSuccess);
  ASSERT_EQ(prepare(out, kCanary, [=] __device__(int64_t i) { return i < inner ? 0.25f : 0.75f; }),
            cudaSuccess);
  ASSERT_EQ(prepare(go, kCanary, [=] __device__(int64_t i) { return i < inner ? 1.0f : 0.0f; }),
            cudaSuccess);
  float ms = 0;
  EventTimer timer;
  timer.start();
  if (buggy)
    iw_seed_buggy::launch_spatial_softmax_backward(gi.data(), out.data(), go.data(), 1, 2,
                                                   inner, 0);
  else
    iw_seed_fixed::launch_spatial_softmax_backward(gi.data(), out.data(), go.data(), 1, 2,
                                                   inner, 0);
  KT_LAUNCH_ASSERT(cudaGetLastError());
  ASSERT_EQ(timer.stopAndRead(&ms), cudaSuccess);
  const float *g = gi.data();
  const Count wrong = countIf(inner, [=] __device__(int64_t j) {
    return !(fabsf(g[j] - 0.1875f) <= 1e-6f && fabsf(g[inner + j] + 0.1875f) <= 1e-6f);
  });
  recordResult(key, "[1, 2, 2^31 + 1] float, needs " + gib(need) + ": wrong columns " +
                        describe(wrong) + "; kernel " + formatFloat(ms) + " ms");
  expectVerdict(buggy, wrong.count, 0);
}
TEST(IndexWidthSlowGrid, SeedSpatialSoftmaxBackwardBuggy) {
  proveSeedIndexWidth(true, "kernel-index-width-mismatch/seed_spatial_softmax.cu");
}
TEST(IndexWidthSlowGrid, SeedSpatialSoftmaxBackwardFixed) {
  proveSeedIndexWidth(false, "kernel-index-width-mismatch/seed_spatial_softmax.fixed.cu");
}

} // namespace
} // namespace runtime
} // namespace kerneltidy
