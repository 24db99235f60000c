// kernel-tidy stand-in for <ATen/core/Tensor.h> (used only when the real
// header is missing): at::Tensor with the members host code calls around
// kernel launches (sizes, data pointers, accessors), so that launches inside
// AT_DISPATCH lambdas parse. Not a tensor library: declarations only.
#pragma once
#include <ATen/core/TensorAccessor.h>
#include <c10/core/ScalarType.h>
#include <tuple>
#include <utility>
// What ATen's and c10's own headers bring in, on which extension code
// relies without including it.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>
#include <unistd.h>

namespace at {
class TensorOptions {
public:
  TensorOptions() = default;
  // Implicit, as in c10/core/TensorOptions.h: 'empty_like(t, kHalf)',
  // 'empty_like(t, at::MemoryFormat::Preserve)', 'TensorOptions(kCUDA)'.
  TensorOptions(ScalarType dtype);
  TensorOptions(DeviceType device);
  TensorOptions(Layout layout);
  TensorOptions(MemoryFormat memory_format);
  TensorOptions memory_format(MemoryFormat format) const;
  TensorOptions dtype(ScalarType t) const;
  ScalarType dtype() const;
  TensorOptions device(DeviceType d) const;
  TensorOptions device(DeviceType d, int index) const;
  template <class D> TensorOptions device(const D &d) const;
  TensorOptions layout(Layout l) const;
  TensorOptions requires_grad(bool r) const;
};
TensorOptions dtype(ScalarType t);
TensorOptions device(DeviceType d);
/// What the deprecated Tensor::type() returns here.
class TypeRef_kt {
public:
  ScalarType scalarType() const;
  bool is_cuda() const;
  template <class T> operator T() const;
};
class Tensor {
public:
  Tensor() = default;
  bool defined() const;
  int64_t dim() const;
  int64_t ndimension() const;
  int64_t size(int64_t dim) const;
  int64_t stride(int64_t dim) const;
  IntArrayRef sizes() const;
  IntArrayRef strides() const;
  int64_t numel() const;
  int64_t element_size() const;
  size_t nbytes() const;
  template <typename T> T *data() const;
  ScalarType scalar_type() const;
  TensorOptions options() const;
  bool is_contiguous() const;
  bool is_contiguous(MemoryFormat format) const;
  Tensor contiguous(MemoryFormat format) const;
  bool is_cuda() const;
  /// The device index (-1 on the CPU).
  int64_t get_device() const;
  bool is_xpu() const;
  bool is_cpu() const;
  bool is_meta() const;
  bool is_floating_point() const;
  Tensor contiguous() const;
  void *data_ptr() const;
  template <typename T> T *data_ptr() const;
  template <typename T> T *mutable_data_ptr() const;
  const void *const_data_ptr() const;
  template <typename T> const T *const_data_ptr() const;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits,
            typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t> packed_accessor() const;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits,
            typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t>
  generic_packed_accessor() const;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const;
  template <typename T, size_t N> TensorAccessor<T, N> accessor() const;
  Tensor &resize_(IntArrayRef size);
  Tensor &resize_as_(const Tensor &other);
  Tensor &zero_();
  template <class... A> Tensor &add_(const A &...other_and_alpha);
  template <class... A> Tensor &mul_(const A &...other);
  Tensor &addmm_(const Tensor &mat1, const Tensor &mat2, double beta = 1,
                 double alpha = 1);
  Tensor &fill_(double value);
  Tensor &copy_(const Tensor &src, bool non_blocking = false);
  Tensor view(IntArrayRef size) const;
  Tensor reshape(IntArrayRef size) const;
  Tensor select(int64_t dim, int64_t index) const;
  Tensor narrow(int64_t dim, int64_t start, int64_t length) const;
  Tensor transpose(int64_t a, int64_t b) const;
  Tensor to(ScalarType t) const;
  Tensor to(DeviceType d) const;
  Tensor expand(IntArrayRef size) const;
  Tensor clone() const;
  Tensor slice(int64_t dim = 0, std::optional<int64_t> start = std::nullopt,
               std::optional<int64_t> end = std::nullopt,
               int64_t step = 1) const;
  Tensor sum() const;
  /// 'ipc_addresses.index({i})': indices as a braced list.
  Tensor index(std::initializer_list<int64_t> indices) const;
  Tensor index(std::initializer_list<Tensor> indices) const;
  Tensor sum(IntArrayRef dims, bool keepdim = false) const;
  Tensor unsqueeze(int64_t dim) const;
  Tensor squeeze(int64_t dim) const;
  Tensor flatten(int64_t start = 0, int64_t end = -1) const;
  Tensor permute(IntArrayRef dims) const;
  template <typename T> T item() const;
  /// c10::Device (declared in c10/cuda/CUDAGuard.h's stand-in) or an index.
  auto device() const -> class DeviceRef_kt;
  ScalarType dtype() const;
  /// The deprecated type(): its scalar type, or the options it converts to.
  TypeRef_kt type() const;
  bool requires_grad() const;
};
/// What Tensor::device() returns here: converts to any device type.
class DeviceRef_kt {
public:
  template <class D> operator D() const;
  signed char index() const;
  DeviceType type() const;
  bool is_cuda() const;
  bool is_cpu() const;
  bool is_xpu() const;
  bool is_meta() const;
  bool operator==(const DeviceRef_kt &other) const;
  bool operator!=(const DeviceRef_kt &other) const;
};
using TensorBase = Tensor;
namespace Reduction {
enum Reduction { None, Mean, Sum, END };
} // namespace Reduction
Tensor empty(IntArrayRef size, TensorOptions options = {});
Tensor empty_like(const Tensor &self, TensorOptions options = {});
Tensor from_blob(void *data, IntArrayRef sizes, TensorOptions options = {});
Tensor from_blob(void *data, IntArrayRef sizes, IntArrayRef strides,
                 TensorOptions options = {});
template <class Deleter>
Tensor from_blob(void *data, IntArrayRef sizes, const Deleter &deleter,
                 TensorOptions options = {});
template <class Deleter>
Tensor from_blob(void *data, IntArrayRef sizes, IntArrayRef strides,
                 const Deleter &deleter, TensorOptions options = {});
Tensor zeros(IntArrayRef size, TensorOptions options = {});
Tensor zeros_like(const Tensor &self, TensorOptions options = {});
Tensor ones_like(const Tensor &self, TensorOptions options = {});
class Context {
public:
  void alertNotDeterministic(const char *caller);
  bool deterministicAlgorithms() const;
};
Context &globalContext();
} // namespace at
namespace c10 {
/// Owns or borrows a T (c10/util/MaybeOwned.h).
template <typename T> class MaybeOwned {
public:
  static MaybeOwned borrowed(const T &t);
  static MaybeOwned owned(T &&t);
  const T &operator*() const;
  const T *operator->() const;
};
} // namespace c10
namespace at {
c10::MaybeOwned<Tensor>
borrow_from_optional_tensor(const std::optional<Tensor> &opt);
namespace native {
bool resize_output(const Tensor &output, IntArrayRef shape);
} // namespace native
} // namespace at
namespace torch {
using namespace at;
} // namespace torch
