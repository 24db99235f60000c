// kernel-tidy shim of cooperative_groups.h: thread groups, tiles and their
// collectives, declared as in CUDA 12 and 13 (no definitions). The integer
// types are CUDA's own, group by group: a generic thread_group and the grid
// count in 'unsigned long long', a block, a cluster, a coalesced group and a
// tile in 'unsigned int' (a 64-bit type here makes the index-width check see
// a 64-bit sibling that CUDA does not have).
#pragma once
#include "__kernel_tidy_cuda.h"

namespace cooperative_groups {
class thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
};
class thread_block : public thread_group {
public:
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_threads() const;
};
class grid_group : public thread_group {
public:
  __device__ bool is_valid() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 block_index() const;
  __device__ unsigned long long block_rank() const;
  __device__ unsigned long long num_blocks() const;
};
class cluster_group : public thread_group {
public:
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int block_rank() const;
  __device__ unsigned int num_blocks() const;
  template <class T> __device__ T *map_shared_rank(T *addr, int rank) const;
};
class coalesced_group : public thread_group {
public:
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <class T> __device__ T shfl(T var, int srcRank) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned int ballot(int predicate) const;
};
template <unsigned int Size, class Parent = void> class thread_block_tile;
// The parent-less tile every typed tile converts to, as in CUDA.
template <unsigned int Size>
class thread_block_tile<Size, void> : public thread_group {
public:
  static constexpr unsigned int num_threads_v = Size;
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <class T> __device__ T shfl(T var, int srcRank) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_xor(T var, unsigned int laneMask) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned int ballot(int predicate) const;
  __device__ unsigned int match_any(unsigned long long value) const;
};
template <unsigned int Size, class Parent>
class thread_block_tile : public thread_block_tile<Size, void> {};

__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ cluster_group this_cluster();
__device__ coalesced_group coalesced_threads();
template <unsigned int Size, class ParentT>
__device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g);
__device__ thread_group tiled_partition(const thread_group &parent,
                                        unsigned int tilesz);
template <class Group> __device__ void sync(const Group &g);

template <class T> struct plus {
  __device__ T operator()(const T &a, const T &b) const { return a + b; }
};
template <class T> struct less {
  __device__ T operator()(const T &a, const T &b) const { return a < b ? a : b; }
};
template <class T> struct greater {
  __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
  __device__ T operator()(const T &a, const T &b) const { return a & b; }
};
template <class T> struct bit_or {
  __device__ T operator()(const T &a, const T &b) const { return a | b; }
};
template <class Group, class T, class Op>
__device__ T reduce(const Group &g, T value, Op op);
template <class Group, class T, class Op>
__device__ T inclusive_scan(const Group &g, T value, Op op);
template <class Group, class T, class Op>
__device__ T exclusive_scan(const Group &g, T value, Op op);
template <class Group, class T>
__device__ T inclusive_scan(const Group &g, T value);
template <class Group, class T>
__device__ T exclusive_scan(const Group &g, T value);
template <class Group>
__device__ void memcpy_async(const Group &g, void *dst, const void *src,
                             size_t bytes);
template <class Group> __device__ void wait(const Group &g);
} // namespace cooperative_groups
