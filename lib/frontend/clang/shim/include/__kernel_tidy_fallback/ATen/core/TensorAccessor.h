// kernel-tidy stand-in for <ATen/core/TensorAccessor.h> (used only when the
// real header is missing): accessors with ATen's names, index types and
// element access, so that kernels taking them are valid declarations.
#pragma once
#include <cstddef>
#include <cstdint>

#ifndef C10_HOST_DEVICE
#if defined(__CUDACC__) || defined(__HIPCC__)
#define C10_HOST_DEVICE __host__ __device__
#else
#define C10_HOST_DEVICE
#endif
#endif

// What every accessor below declares, in this order: its pointer type, its
// constructor (CONSTRUCTOR, empty for the packed accessors), the element
// access (operator[] returns the rest, '...': a sub-accessor, or 'T &' at
// N = 1), the extents and the data pointer.
#define __KT_ACCESSOR_MEMBERS(CONSTRUCTOR, ...)                                \
public:                                                                        \
  typedef typename PtrTraits<T>::PtrType PtrType;                              \
  CONSTRUCTOR                                                                  \
  C10_HOST_DEVICE __VA_ARGS__ operator[](index_t i);                           \
  C10_HOST_DEVICE const __VA_ARGS__ operator[](index_t i) const;               \
  C10_HOST_DEVICE index_t size(index_t i) const;                               \
  C10_HOST_DEVICE index_t stride(index_t i) const;                             \
  C10_HOST_DEVICE PtrType data();                                              \
  C10_HOST_DEVICE const PtrType data() const;
#define __KT_TENSOR_ACCESSOR_CONSTRUCTOR                                       \
  C10_HOST_DEVICE TensorAccessor(PtrType data, const index_t *sizes,           \
                                 const index_t *strides);

namespace at {
template <typename T> struct DefaultPtrTraits { typedef T *PtrType; };
template <typename T> struct RestrictPtrTraits { typedef T *__restrict PtrType; };

template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class TensorAccessor {
  __KT_ACCESSOR_MEMBERS(__KT_TENSOR_ACCESSOR_CONSTRUCTOR,
                        TensorAccessor<T, N - 1, PtrTraits, index_t>)
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class TensorAccessor<T, 1, PtrTraits, index_t> {
  __KT_ACCESSOR_MEMBERS(__KT_TENSOR_ACCESSOR_CONSTRUCTOR, T &)
};

template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class GenericPackedTensorAccessor {
  __KT_ACCESSOR_MEMBERS(, TensorAccessor<T, N - 1, PtrTraits, index_t>)
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class GenericPackedTensorAccessor<T, 1, PtrTraits, index_t> {
  __KT_ACCESSOR_MEMBERS(, T &)
};

template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 =
    GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 =
    GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
using PackedTensorAccessor =
    GenericPackedTensorAccessor<T, N, PtrTraits, index_t>;
} // namespace at

#undef __KT_TENSOR_ACCESSOR_CONSTRUCTOR
#undef __KT_ACCESSOR_MEMBERS
