// kernel-tidy stand-in for <c10/core/ScalarType.h> (used only when the real
// header is missing): the enumerations host code names around launches.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <vector>

namespace c10 {
enum class ScalarType : int8_t {
  Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf,
  ComplexFloat, ComplexDouble, Bool, QInt8, QUInt8, QInt32, BFloat16,
  Undefined = 44
};
constexpr ScalarType kByte = ScalarType::Byte;
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kLong = ScalarType::Long;
constexpr ScalarType kHalf = ScalarType::Half;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kDouble = ScalarType::Double;
constexpr ScalarType kBool = ScalarType::Bool;
constexpr ScalarType kBFloat16 = ScalarType::BFloat16;
enum class DeviceType : int8_t { CPU = 0, CUDA = 1, HIP = 6, XPU = 12 };
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
constexpr DeviceType kXPU = DeviceType::XPU;

/// A view of sizes or strides.
class IntArrayRef {
public:
  IntArrayRef() = default;
  IntArrayRef(std::initializer_list<int64_t> values);
  IntArrayRef(const std::vector<int64_t> &values);
  IntArrayRef(const int64_t &value);
  size_t size() const;
  bool empty() const;
  const int64_t *data() const;
  const int64_t *begin() const;
  const int64_t *end() const;
  int64_t operator[](size_t i) const;
  int64_t front() const;
  int64_t back() const;
  std::vector<int64_t> vec() const;
  bool equals(IntArrayRef other) const;
};
template <class T> using optional = std::optional<T>;
using std::nullopt;
} // namespace c10

namespace at {
using c10::DeviceType;
using c10::IntArrayRef;
using c10::ScalarType;
using c10::kBFloat16;
using c10::kCUDA;
using c10::kFloat;
using c10::kHalf;
using c10::kLong;
using c10::kXPU;
} // namespace at
