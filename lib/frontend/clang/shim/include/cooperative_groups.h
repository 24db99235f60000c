// kernel-tidy shim of cooperative_groups.h: thread groups, tiles and their
// collectives, declared as in CUDA 12 and 13 (no definitions). The integer
// types are CUDA's own, group by group: a generic thread_group and the grid
// count in 'unsigned long long', a block, a cluster, a coalesced group and a
// tile in 'unsigned int' (a 64-bit type here makes the index-width check see
// a 64-bit sibling that CUDA does not have).
#pragma once
#include "__kernel_tidy_cuda.h"

// The inline-assembly pointer constraint CUDA's own cooperative-groups
// headers define (64-bit: "l"), which kernels copying their barriers use.
#ifndef _CG_ASM_PTR_CONSTRAINT
#define _CG_ASM_PTR_CONSTRAINT "l"
#endif

namespace cooperative_groups {

// A group's thread count and this thread's rank, in the group's integer type.
#define __KT_GROUP_COUNTS(T)                                                   \
  __device__ T size() const;                                                   \
  __device__ T num_threads() const;                                            \
  __device__ T thread_rank() const;
// What a coalesced group and a tile share: the counts, the ranks of the
// group among its siblings and the shuffles ('shfl_xor' is the tile's own).
#define __KT_TILE_RANKS_AND_SHUFFLES                                           \
  __KT_GROUP_COUNTS(unsigned int)                                              \
  __device__ unsigned int meta_group_rank() const;                             \
  __device__ unsigned int meta_group_size() const;                             \
  template <class T> __device__ T shfl(T var, int srcRank) const;              \
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;  \
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
#define __KT_TILE_VOTES                                                        \
  __device__ int any(int predicate) const;                                     \
  __device__ int all(int predicate) const;                                     \
  __device__ unsigned int ballot(int predicate) const;
// A binary functor 'NAME<T>' whose call returns the expression '...' of 'a'
// and 'b'.
#define __KT_BINARY_FUNCTOR(NAME, ...)                                         \
  template <class T> struct NAME {                                             \
    __device__ T operator()(const T &a, const T &b) const {                    \
      return __VA_ARGS__;                                                      \
    }                                                                          \
  };

class thread_group {
public:
  __device__ void sync() const;
  __KT_GROUP_COUNTS(unsigned long long)
};
class thread_block : public thread_group {
public:
  __KT_GROUP_COUNTS(unsigned int)
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
  // A split grid barrier (CUDA 12.2+).
  using arrival_token = unsigned int;
  __device__ arrival_token barrier_arrive() const;
  __device__ void barrier_wait(arrival_token &&token) const;
};
class cluster_group : public thread_group {
public:
  __KT_GROUP_COUNTS(unsigned int)
  __device__ unsigned int block_rank() const;
  __device__ unsigned int num_blocks() const;
  template <class T> __device__ T *map_shared_rank(T *addr, int rank) const;
  // A split cluster barrier.
  using arrival_token = struct {};
  static __device__ arrival_token barrier_arrive();
  static __device__ void barrier_wait();
  static __device__ void barrier_wait(arrival_token &&);
};
class coalesced_group : public thread_group {
public:
  __KT_TILE_RANKS_AND_SHUFFLES
  __KT_TILE_VOTES
};
template <unsigned int Size, class Parent = void> class thread_block_tile;
// The parent-less tile every typed tile converts to, as in CUDA.
template <unsigned int Size>
class thread_block_tile<Size, void> : public thread_group {
public:
  static constexpr unsigned int num_threads_v = Size;
  __KT_TILE_RANKS_AND_SHUFFLES
  template <class T> __device__ T shfl_xor(T var, unsigned int laneMask) const;
  __KT_TILE_VOTES
  __device__ unsigned int match_any(unsigned long long value) const;
};
template <unsigned int Size, class Parent>
class thread_block_tile : public thread_block_tile<Size, void> {};

namespace details {
// details/sync.h: whether a grid barrier's arrival counter flipped, which
// kernels that write their own grid barriers call.
__device__ bool bar_has_flipped(unsigned int old_arrive,
                                unsigned int current_arrive);
} // namespace details

__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ cluster_group this_cluster();
__device__ coalesced_group coalesced_threads();
template <unsigned int Size, class ParentT>
__device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g);
__device__ thread_group tiled_partition(const thread_group &parent,
                                        unsigned int tilesz);
template <class Group> __device__ void sync(const Group &g);

__KT_BINARY_FUNCTOR(plus, a + b)
__KT_BINARY_FUNCTOR(less, a < b ? a : b)
__KT_BINARY_FUNCTOR(greater, a < b ? b : a)
__KT_BINARY_FUNCTOR(bit_and, a & b)
__KT_BINARY_FUNCTOR(bit_or, a | b)
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

#undef __KT_BINARY_FUNCTOR
#undef __KT_TILE_VOTES
#undef __KT_TILE_RANKS_AND_SHUFFLES
#undef __KT_GROUP_COUNTS
} // namespace cooperative_groups
