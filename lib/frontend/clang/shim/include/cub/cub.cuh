// kernel-tidy shim of CUB (cub/cub.cuh, shipped with the CUDA toolkit): the
// block- and warp-wide collectives kernels keep in shared memory, the
// direct loads and stores, the reduction functors, Traits, KeyValuePair and
// the device-wide algorithms launchers call. Declarations only, with CUB's
// template parameters (a type, then the block's extents and algorithm as
// values), so 'cub::BlockScan<int, 256, cub::BLOCK_SCAN_WARP_SCANS>' parses
// as it does with the toolkit; what CUB returns is typed as the toolkit
// types it (test/frontend/clang/shim/toolkit_probe.cu). Names CUB has and
// this file lacks ('cub::ScanTileState') are learnt as stand-ins in the
// namespace (UnknownNames.h). The functors CCCL 3 removed (cub::Sum,
// cub::Max, cub::Min) are kept: the code users lint still names them.
#pragma once
#include "../__kernel_tidy_cuda.h"

// util_arch.cuh's warp-size macros (their argument is unused, as in CUB).
#ifndef CUB_LOG_WARP_THREADS
#define CUB_LOG_WARP_THREADS(unused) (5)
#define CUB_WARP_THREADS(unused) (1 << CUB_LOG_WARP_THREADS(0))
#define CUB_PTX_WARP_THREADS CUB_WARP_THREADS(0)
#define CUB_PTX_LOG_WARP_THREADS CUB_LOG_WARP_THREADS(0)
#endif

namespace cub {

enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS
};
enum BlockScanAlgorithm {
  BLOCK_SCAN_RAKING,
  BLOCK_SCAN_RAKING_MEMOIZE,
  BLOCK_SCAN_WARP_SCANS
};
enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,
  BLOCK_LOAD_STRIPED,
  BLOCK_LOAD_VECTORIZE,
  BLOCK_LOAD_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};
enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};
enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };

struct NullType {};

// Shared memory a collective is given: opaque bytes.
struct __kt_cub_temp_storage {
  unsigned char __kt_bytes[16];
};

//===- functors and pairs -------------------------------------------------===//

struct Sum {
  template <class T, class U>
  __host__ __device__ auto operator()(const T &a, const U &b) const {
    return a + b;
  }
};
struct Max {
  template <class T, class U>
  __host__ __device__ T operator()(const T &a, const U &b) const {
    return a < b ? T(b) : a;
  }
};
struct Min {
  template <class T, class U>
  __host__ __device__ T operator()(const T &a, const U &b) const {
    return b < a ? T(b) : a;
  }
};

template <class K, class V> struct KeyValuePair {
  using Key = K;
  using Value = V;
  Key key;
  Value value;
  __host__ __device__ KeyValuePair() {}
  __host__ __device__ KeyValuePair(const Key &k, const Value &v)
      : key(k), value(v) {}
};

struct ArgMax {
  template <class K, class V>
  __host__ __device__ KeyValuePair<K, V>
  operator()(const KeyValuePair<K, V> &a, const KeyValuePair<K, V> &b) const;
};
struct ArgMin {
  template <class K, class V>
  __host__ __device__ KeyValuePair<K, V>
  operator()(const KeyValuePair<K, V> &a, const KeyValuePair<K, V> &b) const;
};

//===- Traits -------------------------------------------------------------===//

template <int Bytes> struct __kt_cub_unsigned_bits { using type = unsigned char; };
template <> struct __kt_cub_unsigned_bits<2> { using type = unsigned short; };
template <> struct __kt_cub_unsigned_bits<4> { using type = unsigned int; };
template <> struct __kt_cub_unsigned_bits<8> { using type = unsigned long long; };

// util_type.cuh's compile-time log2, rounded up ('Log2<32>::VALUE' is 5), as
// CUB defines it: warp scans size their steps with it.
template <int N, int CURRENT_VAL = N, int COUNT = 0> struct Log2 {
  enum { VALUE = Log2<N, (CURRENT_VAL >> 1), COUNT + 1>::VALUE };
};
template <int N, int COUNT> struct Log2<N, 0, COUNT> {
  enum { VALUE = (1 << (COUNT - 1) < N) ? COUNT : COUNT - 1 };
};
template <int N> struct PowerOfTwo {
  enum { VALUE = ((N & (N - 1)) == 0) };
};
template <class T> struct Traits {
  using UnsignedBits = typename __kt_cub_unsigned_bits<sizeof(T)>::type;
  static constexpr bool PRIMITIVE = true;
  static constexpr bool NULL_TYPE = false;
  static constexpr UnsignedBits LOWEST_KEY = 0;
  static constexpr UnsignedBits MAX_KEY = UnsignedBits(~UnsignedBits(0));
  static __host__ __device__ UnsignedBits TwiddleIn(UnsignedBits key);
  static __host__ __device__ UnsignedBits TwiddleOut(UnsignedBits key);
  static __host__ __device__ T Max();
  static __host__ __device__ T Lowest();
};

//===- block-wide collectives ---------------------------------------------===//

template <class T, int BLOCK_DIM_X,
          BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
public:
  struct TempStorage : __kt_cub_temp_storage {};
  __device__ BlockReduce();
  __device__ BlockReduce(TempStorage &temp_storage);
  template <class ReductionOp> __device__ T Reduce(T input, ReductionOp op);
  template <int ITEMS_PER_THREAD, class ReductionOp>
  __device__ T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp op);
  template <class ReductionOp>
  __device__ T Reduce(T input, ReductionOp op, int num_valid);
  __device__ T Sum(T input);
  template <int ITEMS_PER_THREAD> __device__ T Sum(T (&inputs)[ITEMS_PER_THREAD]);
  __device__ T Sum(T input, int num_valid);
};

template <class T, int BLOCK_DIM_X,
          BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
public:
  struct TempStorage : __kt_cub_temp_storage {};
  __device__ BlockScan();
  __device__ BlockScan(TempStorage &temp_storage);

  __device__ void ExclusiveSum(T input, T &output);
  __device__ void ExclusiveSum(T input, T &output, T &block_aggregate);
  template <class PrefixOp>
  __device__ void ExclusiveSum(T input, T &output, PrefixOp &prefix_op);
  template <int N> __device__ void ExclusiveSum(T (&input)[N], T (&output)[N]);
  template <int N>
  __device__ void ExclusiveSum(T (&input)[N], T (&output)[N], T &block_aggregate);
  template <int N, class PrefixOp>
  __device__ void ExclusiveSum(T (&input)[N], T (&output)[N], PrefixOp &prefix_op);

  __device__ void InclusiveSum(T input, T &output);
  __device__ void InclusiveSum(T input, T &output, T &block_aggregate);
  template <class PrefixOp>
  __device__ void InclusiveSum(T input, T &output, PrefixOp &prefix_op);
  template <int N> __device__ void InclusiveSum(T (&input)[N], T (&output)[N]);
  template <int N>
  __device__ void InclusiveSum(T (&input)[N], T (&output)[N], T &block_aggregate);
  template <int N, class PrefixOp>
  __device__ void InclusiveSum(T (&input)[N], T (&output)[N], PrefixOp &prefix_op);

  template <class ScanOp>
  __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp op);
  template <class ScanOp>
  __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp op,
                                T &block_aggregate);
  template <class ScanOp, class PrefixOp>
  __device__ void ExclusiveScan(T input, T &output, ScanOp op, PrefixOp &prefix_op);
  template <class ScanOp>
  __device__ void InclusiveScan(T input, T &output, ScanOp op);
  template <class ScanOp>
  __device__ void InclusiveScan(T input, T &output, ScanOp op, T &block_aggregate);
  template <int N, class ScanOp>
  __device__ void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp op);
};

template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          class ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          int SMEM_CONFIG = 0, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int LEGACY_PTX_ARCH = 0>
class BlockRadixSort {
public:
  struct TempStorage : __kt_cub_temp_storage {};
  __device__ BlockRadixSort();
  __device__ BlockRadixSort(TempStorage &temp_storage);
#define __KT_CUB_SORT(Name)                                                    \
  __device__ void Name(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,      \
                       int end_bit = sizeof(KeyT) * 8);                        \
  __device__ void Name(KeyT (&keys)[ITEMS_PER_THREAD],                         \
                       ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,  \
                       int end_bit = sizeof(KeyT) * 8);
  __KT_CUB_SORT(Sort)
  __KT_CUB_SORT(SortDescending)
  __KT_CUB_SORT(SortBlockedToStriped)
  __KT_CUB_SORT(SortDescendingBlockedToStriped)
#undef __KT_CUB_SORT
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
public:
  struct TempStorage : __kt_cub_temp_storage {};
  __device__ BlockLoad();
  __device__ BlockLoad(TempStorage &temp_storage);
  template <class InputIt>
  __device__ void Load(InputIt block_itr, T (&items)[ITEMS_PER_THREAD]);
  template <class InputIt>
  __device__ void Load(InputIt block_itr, T (&items)[ITEMS_PER_THREAD],
                       int valid_items);
  template <class InputIt, class DefaultT>
  __device__ void Load(InputIt block_itr, T (&items)[ITEMS_PER_THREAD],
                       int valid_items, DefaultT oob_default);
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
public:
  struct TempStorage : __kt_cub_temp_storage {};
  __device__ BlockStore();
  __device__ BlockStore(TempStorage &temp_storage);
  template <class OutputIt>
  __device__ void Store(OutputIt block_itr, T (&items)[ITEMS_PER_THREAD]);
  template <class OutputIt>
  __device__ void Store(OutputIt block_itr, T (&items)[ITEMS_PER_THREAD],
                        int valid_items);
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS,
          BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockHistogram {
public:
  struct TempStorage : __kt_cub_temp_storage {};
  __device__ BlockHistogram();
  __device__ BlockHistogram(TempStorage &temp_storage);
  template <class CounterT> __device__ void InitHistograms(CounterT (&histogram)[BINS]);
  template <class CounterT>
  __device__ void Histogram(T (&items)[ITEMS_PER_THREAD], CounterT (&histogram)[BINS]);
  template <class CounterT>
  __device__ void Composite(T (&items)[ITEMS_PER_THREAD], CounterT (&histogram)[BINS]);
};

template <class T, int N, class InputIt>
__device__ void LoadDirectBlocked(int linear_tid, InputIt block_itr, T (&items)[N]);
template <class T, int N, class InputIt>
__device__ void LoadDirectBlocked(int linear_tid, InputIt block_itr, T (&items)[N],
                                  int valid_items);
template <int BLOCK_THREADS, class T, int N, class InputIt>
__device__ void LoadDirectStriped(int linear_tid, InputIt block_itr, T (&items)[N]);
template <int BLOCK_THREADS, class T, int N, class InputIt>
__device__ void LoadDirectStriped(int linear_tid, InputIt block_itr, T (&items)[N],
                                  int valid_items);
template <int BLOCK_THREADS, class T, class DefaultT, int N, class InputIt>
__device__ void LoadDirectStriped(int linear_tid, InputIt block_itr, T (&items)[N],
                                  int valid_items, DefaultT oob_default);
template <class T, int N, class OutputIt>
__device__ void StoreDirectBlocked(int linear_tid, OutputIt block_itr, T (&items)[N]);
template <class T, int N, class OutputIt>
__device__ void StoreDirectBlocked(int linear_tid, OutputIt block_itr, T (&items)[N],
                                   int valid_items);
template <int BLOCK_THREADS, class T, int N, class OutputIt>
__device__ void StoreDirectStriped(int linear_tid, OutputIt block_itr, T (&items)[N]);
template <int BLOCK_THREADS, class T, int N, class OutputIt>
__device__ void StoreDirectStriped(int linear_tid, OutputIt block_itr, T (&items)[N],
                                   int valid_items);

//===- warp-wide collectives ----------------------------------------------===//

template <class T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpReduce {
public:
  struct TempStorage : __kt_cub_temp_storage {};
  __device__ WarpReduce(TempStorage &temp_storage);
  __device__ T Sum(T input);
  __device__ T Sum(T input, int valid_items);
  template <class ReductionOp> __device__ T Reduce(T input, ReductionOp op);
  template <class ReductionOp>
  __device__ T Reduce(T input, ReductionOp op, int valid_items);
  template <class FlagT> __device__ T HeadSegmentedSum(T input, FlagT head_flag);
  template <class FlagT> __device__ T TailSegmentedSum(T input, FlagT tail_flag);
  template <class ReductionOp, class FlagT>
  __device__ T HeadSegmentedReduce(T input, FlagT head_flag, ReductionOp op);
  template <class ReductionOp, class FlagT>
  __device__ T TailSegmentedReduce(T input, FlagT tail_flag, ReductionOp op);
};

template <class T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpScan {
public:
  struct TempStorage : __kt_cub_temp_storage {};
  __device__ WarpScan(TempStorage &temp_storage);
  __device__ void InclusiveSum(T input, T &inclusive_output);
  __device__ void InclusiveSum(T input, T &inclusive_output, T &warp_aggregate);
  __device__ void ExclusiveSum(T input, T &exclusive_output);
  __device__ void ExclusiveSum(T input, T &exclusive_output, T &warp_aggregate);
  template <class ScanOp>
  __device__ void InclusiveScan(T input, T &inclusive_output, ScanOp op);
  template <class ScanOp>
  __device__ void InclusiveScan(T input, T &inclusive_output, ScanOp op,
                                T &warp_aggregate);
  template <class ScanOp>
  __device__ void ExclusiveScan(T input, T &exclusive_output, ScanOp op);
  template <class ScanOp>
  __device__ void ExclusiveScan(T input, T &exclusive_output, T initial_value,
                                ScanOp op);
  __device__ T Broadcast(T input, unsigned int src_lane);
};

//===- device-wide algorithms (host launchers) ----------------------------===//
// Each takes the temporary storage, its size and the algorithm's iterators
// and sizes; the launchers' arguments are not what the checks read, so the
// entry points accept any and return the toolkit's cudaError_t.

#define __KT_CUB_ENTRY(Name)                                                   \
  template <class... A> __host__ static cudaError_t Name(A &&...);
struct DeviceRadixSort {
  __KT_CUB_ENTRY(SortPairs) __KT_CUB_ENTRY(SortPairsDescending)
  __KT_CUB_ENTRY(SortKeys) __KT_CUB_ENTRY(SortKeysDescending)
};
struct DeviceSegmentedRadixSort {
  __KT_CUB_ENTRY(SortPairs) __KT_CUB_ENTRY(SortPairsDescending)
  __KT_CUB_ENTRY(SortKeys) __KT_CUB_ENTRY(SortKeysDescending)
};
struct DeviceScan {
  __KT_CUB_ENTRY(InclusiveSum) __KT_CUB_ENTRY(ExclusiveSum)
  __KT_CUB_ENTRY(InclusiveScan) __KT_CUB_ENTRY(ExclusiveScan)
  __KT_CUB_ENTRY(InclusiveSumByKey) __KT_CUB_ENTRY(ExclusiveSumByKey)
};
struct DeviceReduce {
  __KT_CUB_ENTRY(Sum) __KT_CUB_ENTRY(Max) __KT_CUB_ENTRY(Min)
  __KT_CUB_ENTRY(ArgMax) __KT_CUB_ENTRY(ArgMin) __KT_CUB_ENTRY(Reduce)
  __KT_CUB_ENTRY(ReduceByKey)
};
struct DeviceSegmentedReduce {
  __KT_CUB_ENTRY(Sum) __KT_CUB_ENTRY(Max) __KT_CUB_ENTRY(Min)
  __KT_CUB_ENTRY(ArgMax) __KT_CUB_ENTRY(ArgMin) __KT_CUB_ENTRY(Reduce)
};
struct DeviceSelect {
  __KT_CUB_ENTRY(Flagged) __KT_CUB_ENTRY(If) __KT_CUB_ENTRY(Unique)
};
struct DevicePartition {
  __KT_CUB_ENTRY(Flagged) __KT_CUB_ENTRY(If)
};
struct DeviceHistogram {
  __KT_CUB_ENTRY(HistogramEven) __KT_CUB_ENTRY(HistogramRange)
};
struct DeviceRunLengthEncode {
  __KT_CUB_ENTRY(Encode) __KT_CUB_ENTRY(NonTrivialRuns)
};
#undef __KT_CUB_ENTRY

} // namespace cub
