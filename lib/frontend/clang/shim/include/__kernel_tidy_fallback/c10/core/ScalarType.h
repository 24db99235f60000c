// kernel-tidy stand-in for <c10/core/ScalarType.h> (used only when the real
// header is missing): the enumerations host code names around launches.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <optional>
#include <vector>
// The 16-bit float classes, as the real header includes them.
#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>

namespace c10 {
enum class ScalarType : int8_t {
  Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf,
  ComplexFloat, ComplexDouble, Bool, QInt8, QUInt8, QInt32, BFloat16,
  Undefined = 44
};
constexpr ScalarType kByte = ScalarType::Byte;
constexpr ScalarType kChar = ScalarType::Char;
constexpr ScalarType kShort = ScalarType::Short;
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kLong = ScalarType::Long;
constexpr ScalarType kHalf = ScalarType::Half;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kDouble = ScalarType::Double;
constexpr ScalarType kBool = ScalarType::Bool;
constexpr ScalarType kBFloat16 = ScalarType::BFloat16;
// The aliases torch's Python-style names give them (c10/core/ScalarType.h).
constexpr ScalarType kUInt8 = ScalarType::Byte;
constexpr ScalarType kInt8 = ScalarType::Char;
constexpr ScalarType kInt16 = ScalarType::Short;
constexpr ScalarType kInt32 = ScalarType::Int;
constexpr ScalarType kInt64 = ScalarType::Long;
constexpr ScalarType kFloat16 = ScalarType::Half;
constexpr ScalarType kFloat32 = ScalarType::Float;
constexpr ScalarType kFloat64 = ScalarType::Double;
enum class DeviceType : int8_t { CPU = 0, CUDA = 1, HIP = 6, XPU = 12 };
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
constexpr DeviceType kHIP = DeviceType::HIP;
constexpr DeviceType kXPU = DeviceType::XPU;
enum class MemoryFormat : int8_t {
  Contiguous, Preserve, ChannelsLast, ChannelsLast3d
};
enum class Layout : int8_t { Strided, Sparse };
constexpr Layout kStrided = Layout::Strided;
constexpr Layout kSparse = Layout::Sparse;

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
  IntArrayRef slice(size_t n) const;
  IntArrayRef slice(size_t n, size_t m) const;
  bool equals(IntArrayRef other) const;
};
bool operator==(IntArrayRef a, IntArrayRef b);
bool operator!=(IntArrayRef a, IntArrayRef b);
std::ostream &operator<<(std::ostream &out, IntArrayRef list);
template <class T> using optional = std::optional<T>;
using std::nullopt;
} // namespace c10

// ATen re-exports c10's names (ATen/core/ATenGeneral.h and friends), and
// torch re-exports ATen's (torch/types.h: 'using namespace at').
namespace at {
using namespace c10;
} // namespace at
