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

namespace at {
template <typename T> struct DefaultPtrTraits { typedef T *PtrType; };
template <typename T> struct RestrictPtrTraits { typedef T *__restrict PtrType; };

template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class TensorAccessor {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE TensorAccessor(PtrType data, const index_t *sizes,
                                 const index_t *strides);
  C10_HOST_DEVICE TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i);
  C10_HOST_DEVICE const TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i) const;
  C10_HOST_DEVICE index_t size(index_t i) const;
  C10_HOST_DEVICE index_t stride(index_t i) const;
  C10_HOST_DEVICE PtrType data();
  C10_HOST_DEVICE const PtrType data() const;
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class TensorAccessor<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE TensorAccessor(PtrType data, const index_t *sizes,
                                 const index_t *strides);
  C10_HOST_DEVICE T &operator[](index_t i);
  C10_HOST_DEVICE const T &operator[](index_t i) const;
  C10_HOST_DEVICE index_t size(index_t i) const;
  C10_HOST_DEVICE index_t stride(index_t i) const;
  C10_HOST_DEVICE PtrType data();
  C10_HOST_DEVICE const PtrType data() const;
};

template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class GenericPackedTensorAccessor {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i);
  C10_HOST_DEVICE const TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i) const;
  C10_HOST_DEVICE index_t size(index_t i) const;
  C10_HOST_DEVICE index_t stride(index_t i) const;
  C10_HOST_DEVICE PtrType data();
  C10_HOST_DEVICE const PtrType data() const;
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class GenericPackedTensorAccessor<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE T &operator[](index_t i);
  C10_HOST_DEVICE const T &operator[](index_t i) const;
  C10_HOST_DEVICE index_t size(index_t i) const;
  C10_HOST_DEVICE index_t stride(index_t i) const;
  C10_HOST_DEVICE PtrType data();
  C10_HOST_DEVICE const PtrType data() const;
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
