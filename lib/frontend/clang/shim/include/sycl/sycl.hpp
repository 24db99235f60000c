// kernel-tidy's built-in SYCL shim: the parts of SYCL 2020 (and of Intel's
// oneAPI extensions) that kernels are written with, declared so that SYCL
// sources parse as plain C++ with no oneAPI install. Kernels are the
// callables passed to handler/queue parallel_for and single_task, functors
// whose call operator takes an item or nd_item, and free functions marked
// with SYCL_EXT_ONEAPI_FUNCTION_PROPERTY (see lib/frontend/clang/KernelDiscovery.h).
//
// Contract with the checks: index queries (get_global_id, get_local_id,
// get_global_linear_id, operator[] of id/range ...) return 'size_t' as in
// SYCL; sub_group queries return 'uint32_t'; sycl::half and
// sycl::ext::oneapi::bfloat16 are 16-bit classes with those names.
#ifndef __KT_SYCL_HPP
#define __KT_SYCL_HPP
#define __KERNEL_TIDY_SYCL__ 1
#define SYCL_LANGUAGE_VERSION 202001
#define __INTEL_LLVM_COMPILER 20250000
#define SYCL_EXT_ONEAPI_FREE_FUNCTION_KERNELS 1

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

// Free-function kernels carry this annotation; discovery looks for it.
#define SYCL_EXT_ONEAPI_FUNCTION_PROPERTY(...)                                 \
  __attribute__((annotate("kernel_tidy.sycl_free_function_kernel")))
#define SYCL_EXTERNAL
#define __SYCL_DEVICE_ONLY_KT 0

namespace sycl {
inline namespace _V1 {

enum class memory_order { relaxed, acquire, release, acq_rel, seq_cst };
enum class memory_scope { work_item, sub_group, work_group, device, system };
namespace access {
enum class address_space {
  private_space,
  global_space,
  constant_space,
  local_space,
  generic_space
};
enum class mode {
  read,
  write,
  read_write,
  discard_write,
  discard_read_write,
  atomic
};
enum class target { device, host_task, constant_buffer, local };
enum class fence_space { local_space, global_space, global_and_local };
enum class decorated { no, yes, legacy };
} // namespace access
namespace aspect_kt {}
enum class aspect { fp16, fp64, cpu, gpu, accelerator, usm_device_allocations };

template <int Dims = 1> class range {
public:
  range();
  range(size_t d0);
  range(size_t d0, size_t d1);
  range(size_t d0, size_t d1, size_t d2);
  size_t get(int dimension) const;
  size_t &operator[](int dimension);
  size_t operator[](int dimension) const;
  size_t size() const;
  operator size_t() const; // Dims == 1
  static constexpr int dimensions = Dims;
};
template <int Dims = 1> class id {
public:
  id();
  id(size_t d0);
  id(size_t d0, size_t d1);
  id(size_t d0, size_t d1, size_t d2);
  size_t get(int dimension) const;
  size_t &operator[](int dimension);
  size_t operator[](int dimension) const;
  operator size_t() const; // Dims == 1
  static constexpr int dimensions = Dims;
};
range(size_t)->range<1>;
range(size_t, size_t)->range<2>;
range(size_t, size_t, size_t)->range<3>;
id(size_t)->id<1>;
id(size_t, size_t)->id<2>;
id(size_t, size_t, size_t)->id<3>;

template <int Dims = 1> class nd_range {
public:
  nd_range(range<Dims> globalSize, range<Dims> localSize,
           id<Dims> offset = id<Dims>());
  range<Dims> get_global_range() const;
  range<Dims> get_local_range() const;
  range<Dims> get_group_range() const;
};

template <int Dims = 1, bool WithOffset = false> class item {
public:
  id<Dims> get_id() const;
  size_t get_id(int dimension) const;
  size_t operator[](int dimension) const;
  range<Dims> get_range() const;
  size_t get_range(int dimension) const;
  size_t get_linear_id() const;
  operator size_t() const; // Dims == 1
  operator id<Dims>() const;
  static constexpr int dimensions = Dims;
};

template <int Dims = 1> class group {
public:
  id<Dims> get_group_id() const;
  size_t get_group_id(int dimension) const;
  id<Dims> get_local_id() const;
  size_t get_local_id(int dimension) const;
  range<Dims> get_local_range() const;
  size_t get_local_range(int dimension) const;
  range<Dims> get_group_range() const;
  size_t get_group_range(int dimension) const;
  size_t get_group_linear_id() const;
  size_t get_local_linear_id() const;
  size_t get_group_linear_range() const;
  size_t get_local_linear_range() const;
  size_t operator[](int dimension) const;
  bool leader() const;
  static constexpr int dimensions = Dims;
};

class sub_group {
public:
  id<1> get_local_id() const;
  uint32_t get_local_linear_id() const;
  range<1> get_local_range() const;
  uint32_t get_local_linear_range() const;
  range<1> get_max_local_range() const;
  id<1> get_group_id() const;
  uint32_t get_group_linear_id() const;
  uint32_t get_group_linear_range() const;
  range<1> get_group_range() const;
  bool leader() const;
  void barrier() const;
  template <class T> T shuffle(T x, id<1> local_id) const;
  template <class T> T shuffle_down(T x, uint32_t delta) const;
  template <class T> T shuffle_up(T x, uint32_t delta) const;
  template <class T> T shuffle_xor(T x, id<1> mask) const;
  static constexpr int dimensions = 1;
};

template <int Dims = 1> class nd_item {
public:
  id<Dims> get_global_id() const;
  size_t get_global_id(int dimension) const;
  size_t get_global_linear_id() const;
  id<Dims> get_local_id() const;
  size_t get_local_id(int dimension) const;
  size_t get_local_linear_id() const;
  group<Dims> get_group() const;
  size_t get_group(int dimension) const;
  size_t get_group_linear_id() const;
  sub_group get_sub_group() const;
  range<Dims> get_group_range() const;
  size_t get_group_range(int dimension) const;
  range<Dims> get_global_range() const;
  size_t get_global_range(int dimension) const;
  range<Dims> get_local_range() const;
  size_t get_local_range(int dimension) const;
  nd_range<Dims> get_nd_range() const;
  void barrier(access::fence_space space =
                   access::fence_space::global_and_local) const;
  void mem_fence(access::fence_space space =
                     access::fence_space::global_and_local) const;
  static constexpr int dimensions = Dims;
};

template <int Dims = 1> class h_item {
public:
  item<Dims> get_global() const;
  item<Dims> get_local() const;
};

// 16-bit floats.
namespace detail {
namespace half_impl {
class half {
public:
  half() = default;
  half(const half &) = default;
  half(float f);
  half(double d);
  half(int i);
  half(unsigned int i);
  half(long i);
  half(unsigned long i);
  half(long long i);
  half(unsigned long long i);
  half &operator=(const half &) = default;
  half &operator=(float f);
  operator float() const;
  half &operator+=(const half &o);
  half &operator-=(const half &o);
  half &operator*=(const half &o);
  half &operator/=(const half &o);
  half &operator++();
  half operator++(int);
  half &operator--();
  half operator--(int);
  half operator-() const;

private:
  uint16_t Data;
};
half operator+(const half &a, const half &b);
half operator-(const half &a, const half &b);
half operator*(const half &a, const half &b);
half operator/(const half &a, const half &b);
bool operator==(const half &a, const half &b);
bool operator!=(const half &a, const half &b);
bool operator<(const half &a, const half &b);
bool operator>(const half &a, const half &b);
bool operator<=(const half &a, const half &b);
bool operator>=(const half &a, const half &b);
#define __KT_SYCL_HALF_MIXED(T)                                                \
  half operator+(const half &a, T b);                                          \
  half operator+(T a, const half &b);                                          \
  half operator-(const half &a, T b);                                          \
  half operator-(T a, const half &b);                                          \
  half operator*(const half &a, T b);                                          \
  half operator*(T a, const half &b);                                          \
  half operator/(const half &a, T b);                                          \
  half operator/(T a, const half &b);                                          \
  bool operator<(const half &a, T b);                                          \
  bool operator>(const half &a, T b);                                          \
  bool operator==(const half &a, T b);
__KT_SYCL_HALF_MIXED(int)
__KT_SYCL_HALF_MIXED(long)
__KT_SYCL_HALF_MIXED(long long)
#undef __KT_SYCL_HALF_MIXED
float operator+(const half &a, float b);
float operator+(float a, const half &b);
float operator-(const half &a, float b);
float operator-(float a, const half &b);
float operator*(const half &a, float b);
float operator*(float a, const half &b);
float operator/(const half &a, float b);
float operator/(float a, const half &b);
bool operator<(const half &a, float b);
bool operator>(const half &a, float b);
double operator+(const half &a, double b);
double operator*(const half &a, double b);
} // namespace half_impl
} // namespace detail
using half = detail::half_impl::half;

namespace ext {
namespace oneapi {
class bfloat16 {
public:
  bfloat16() = default;
  bfloat16(const bfloat16 &) = default;
  bfloat16(float f);
  bfloat16(double d);
  bfloat16(int i);
  bfloat16(const half &h);
  bfloat16 &operator=(const bfloat16 &) = default;
  bfloat16 &operator=(float f);
  operator float() const;
  bfloat16 &operator+=(const bfloat16 &o);
  bfloat16 &operator-=(const bfloat16 &o);
  bfloat16 &operator*=(const bfloat16 &o);
  bfloat16 &operator/=(const bfloat16 &o);
  bfloat16 operator-() const;
  friend bfloat16 operator+(const bfloat16 &a, const bfloat16 &b);
  friend bfloat16 operator-(const bfloat16 &a, const bfloat16 &b);
  friend bfloat16 operator*(const bfloat16 &a, const bfloat16 &b);
  friend bfloat16 operator/(const bfloat16 &a, const bfloat16 &b);
  friend bool operator<(const bfloat16 &a, const bfloat16 &b);
  friend bool operator>(const bfloat16 &a, const bfloat16 &b);
  friend bool operator==(const bfloat16 &a, const bfloat16 &b);
  friend float operator+(const bfloat16 &a, float b);
  friend float operator+(float a, const bfloat16 &b);
  friend float operator*(const bfloat16 &a, float b);
  friend float operator*(float a, const bfloat16 &b);
  friend float operator-(const bfloat16 &a, float b);
  friend float operator/(const bfloat16 &a, float b);
  friend bool operator<(const bfloat16 &a, float b);
  friend bool operator>(const bfloat16 &a, float b);

private:
  uint16_t value;
};
} // namespace oneapi
} // namespace ext

// Vectors.
template <class T, int N> class vec {
public:
  vec();
  explicit vec(const T &arg);
  template <class... Args> vec(const Args &...args);
  T &operator[](int i);
  const T &operator[](int i) const;
  T &x();
  T &y();
  T &z();
  T &w();
  T &s0();
  T &s1();
  T &s2();
  T &s3();
  static constexpr size_t size() noexcept { return N; }
  template <class U> vec<U, N> convert() const;
  template <class U> U as() const;
  vec &operator+=(const vec &o);
  vec &operator*=(const vec &o);
  friend vec operator+(const vec &a, const vec &b);
  friend vec operator-(const vec &a, const vec &b);
  friend vec operator*(const vec &a, const vec &b);
  friend vec operator/(const vec &a, const vec &b);
  friend vec operator*(const vec &a, const T &b);
};
using float2 = vec<float, 2>;
using float4 = vec<float, 4>;
using double2 = vec<double, 2>;
using int2 = vec<int, 2>;
using int4 = vec<int, 4>;
using uint2 = vec<uint32_t, 2>;
using uint4 = vec<uint32_t, 4>;
using half2 = vec<half, 2>;
using half4 = vec<half, 4>;
using uchar4 = vec<uint8_t, 4>;
template <class T, size_t N> class marray {
public:
  marray();
  explicit marray(const T &arg);
  template <class... Args> marray(const Args &...args);
  T &operator[](size_t i);
  const T &operator[](size_t i) const;
  static constexpr size_t size() noexcept { return N; }
};

// Pointers.
template <class T, access::address_space Space,
          access::decorated IsDecorated = access::decorated::legacy>
class multi_ptr {
public:
  multi_ptr();
  multi_ptr(T *ptr);
  multi_ptr(std::nullptr_t);
  T *get() const;
  T *get_raw() const;
  T &operator*() const;
  T *operator->() const;
  T &operator[](std::ptrdiff_t i) const;
  operator T *() const;
  multi_ptr &operator++();
  multi_ptr operator+(std::ptrdiff_t i) const;
};
template <class T,
          access::decorated IsDecorated = access::decorated::legacy>
using global_ptr = multi_ptr<T, access::address_space::global_space, IsDecorated>;
template <class T,
          access::decorated IsDecorated = access::decorated::legacy>
using local_ptr = multi_ptr<T, access::address_space::local_space, IsDecorated>;
template <class T,
          access::decorated IsDecorated = access::decorated::legacy>
using private_ptr = multi_ptr<T, access::address_space::private_space, IsDecorated>;
template <access::address_space Space, access::decorated D, class T>
multi_ptr<T, Space, D> address_space_cast(T *ptr);

// Atomics.
template <class T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space Space = access::address_space::generic_space>
class atomic_ref {
public:
  using value_type = T;
  explicit atomic_ref(T &ref);
  atomic_ref(const atomic_ref &);
  T load(memory_order order = DefaultOrder,
         memory_scope scope = DefaultScope) const;
  void store(T operand, memory_order order = DefaultOrder,
             memory_scope scope = DefaultScope) const;
  T exchange(T operand, memory_order order = DefaultOrder,
             memory_scope scope = DefaultScope) const;
  bool compare_exchange_strong(T &expected, T desired,
                               memory_order success = DefaultOrder,
                               memory_order failure = DefaultOrder,
                               memory_scope scope = DefaultScope) const;
  bool compare_exchange_weak(T &expected, T desired,
                             memory_order success = DefaultOrder,
                             memory_order failure = DefaultOrder,
                             memory_scope scope = DefaultScope) const;
  T fetch_add(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_sub(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_min(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_max(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_and(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_or(T operand, memory_order order = DefaultOrder,
             memory_scope scope = DefaultScope) const;
  T fetch_xor(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T operator+=(T operand) const;
  T operator-=(T operand) const;
  T operator++() const;
  T operator++(int) const;
  T operator--() const;
  T operator--(int) const;
  operator T() const;
  T operator=(T desired) const;
};
void atomic_fence(memory_order order, memory_scope scope);

// Accessors and buffers.
template <class T, int Dims = 1> class local_accessor {
public:
  using value_type = T;
  local_accessor();
  template <class Handler> local_accessor(range<Dims> r, Handler &h);
  template <class Handler> local_accessor(size_t n, Handler &h);
  T &operator[](size_t i) const;
  T &operator[](id<Dims> i) const;
  T *get_pointer() const;
  template <access::decorated D = access::decorated::no>
  multi_ptr<T, access::address_space::local_space, D> get_multi_ptr() const;
  size_t size() const;
  range<Dims> get_range() const;
};
template <class T, int Dims = 1, access::mode Mode = access::mode::read_write,
          access::target Target = access::target::device>
class accessor {
public:
  accessor();
  template <class Buf, class... Rest> accessor(Buf &b, Rest &&...);
  T &operator[](size_t i) const;
  T &operator[](id<Dims> i) const;
  T *get_pointer() const;
  size_t size() const;
  range<Dims> get_range() const;
};
template <class T, int Dims = 1> class buffer {
public:
  buffer(range<Dims> r);
  buffer(T *host, range<Dims> r);
  template <access::mode Mode = access::mode::read_write, class... Rest>
  accessor<T, Dims, Mode> get_access(Rest &&...);
  range<Dims> get_range() const;
  size_t size() const;
};
inline constexpr struct read_only_t {} read_only{};
inline constexpr struct write_only_t {} write_only{};
inline constexpr struct read_write_t {} read_write{};
inline constexpr struct no_init_t {} no_init{};

class property_list {
public:
  template <class... Props> property_list(Props...);
};
namespace property {
namespace queue {
struct in_order {};
struct enable_profiling {};
} // namespace queue
} // namespace property

class device;
class context;
class kernel;
class kernel_bundle_kt;
namespace info {
namespace device {
struct max_work_group_size { using return_type = size_t; };
struct max_compute_units { using return_type = uint32_t; };
struct sub_group_sizes { using return_type = std::vector<size_t>; };
struct local_mem_size { using return_type = uint64_t; };
struct global_mem_size { using return_type = uint64_t; };
struct name { using return_type = const char *; };
struct max_work_item_sizes_kt {};
} // namespace device
namespace kernel_device_specific {
struct work_group_size { using return_type = size_t; };
struct max_sub_group_size { using return_type = uint32_t; };
} // namespace kernel_device_specific
} // namespace info
class device {
public:
  device();
  template <class Param> typename Param::return_type get_info() const;
  bool has(aspect a) const;
  bool is_gpu() const;
  bool is_cpu() const;
};
class context {
public:
  context();
  std::vector<device> get_devices() const;
};
class event {
public:
  event();
  void wait();
  static void wait(const std::vector<event> &);
  template <class Param> typename Param::return_type get_profiling_info() const;
};

template <class... Props> struct kernel_properties_kt {};
namespace ext {
namespace oneapi {
namespace experimental {
template <class... Props> class properties {
public:
  template <class... Vals> constexpr properties(Vals...) {}
};
template <int Dims> struct nd_range_kernel {};
struct single_task_kernel {};
template <size_t... Sizes> struct work_group_size_kt {};
template <size_t... Sizes> inline constexpr int work_group_size = 0;
template <size_t Size> inline constexpr int sub_group_size = 0;
template <int Dims> nd_item<Dims> this_nd_item();
template <int Dims> group<Dims> this_group();
sub_group this_sub_group();
template <class T, class Props = properties<>> class work_group_static {
public:
  work_group_static() = default;
  operator T &();
  T &get();
  template <class I> auto operator[](I i) -> decltype(std::declval<T &>()[i]);
};
} // namespace experimental
namespace this_work_item {
template <int Dims> nd_item<Dims> get_nd_item();
template <int Dims> group<Dims> get_work_group();
sub_group get_sub_group();
} // namespace this_work_item
template <class T, class BinaryOp>
T reduce_over_group_kt(T, BinaryOp);
} // namespace oneapi
} // namespace ext

namespace detail {
// Calls a kernel the way the runtime would, so that its body (a generic
// lambda or a functor template) is instantiated and visible to the checks.
template <int Dims, class KernelType> void invoke_range_kernel(const KernelType &k) {
  if constexpr (std::is_invocable_v<const KernelType &, item<Dims>>)
    k(*static_cast<item<Dims> *>(nullptr));
  else if constexpr (std::is_invocable_v<const KernelType &, id<Dims>>)
    k(*static_cast<id<Dims> *>(nullptr));
}
template <int Dims, class KernelType> void invoke_nd_kernel(const KernelType &k) {
  if constexpr (std::is_invocable_v<const KernelType &, nd_item<Dims>>)
    k(*static_cast<nd_item<Dims> *>(nullptr));
}
template <class KernelType> void invoke_task(const KernelType &k) {
  if constexpr (std::is_invocable_v<const KernelType &>)
    k();
}
} // namespace detail

class handler {
public:
  template <class KernelName = void, class KernelType>
  void single_task(const KernelType &kernelFunc) {
    detail::invoke_task(kernelFunc);
  }
  template <class KernelName = void, int Dims, class KernelType>
  void parallel_for(range<Dims> numWorkItems, const KernelType &kernelFunc) {
    detail::invoke_range_kernel<Dims>(kernelFunc);
  }
  template <class KernelName = void, int Dims, class KernelType>
  void parallel_for(nd_range<Dims> executionRange,
                    const KernelType &kernelFunc) {
    detail::invoke_nd_kernel<Dims>(kernelFunc);
  }
  template <class KernelName = void, class KernelType>
  void parallel_for(size_t numWorkItems, const KernelType &kernelFunc) {
    detail::invoke_range_kernel<1>(kernelFunc);
  }
  template <class KernelName = void, int Dims, class Props, class KernelType>
  void parallel_for(nd_range<Dims> executionRange, Props properties,
                    const KernelType &kernelFunc) {
    detail::invoke_nd_kernel<Dims>(kernelFunc);
  }
  template <class KernelName = void, int Dims, class KernelType>
  void parallel_for_work_group(range<Dims> numWorkGroups,
                               range<Dims> workGroupSize,
                               const KernelType &kernelFunc);
  template <class... Ts> void set_args(Ts &&...args);
  template <class T> void set_arg(int index, T &&arg);
  void parallel_for(nd_range<1> r, const kernel &k);
  void parallel_for(nd_range<2> r, const kernel &k);
  void parallel_for(nd_range<3> r, const kernel &k);
  void depends_on(event e);
  void depends_on(const std::vector<event> &e);
  template <class F> void host_task(F &&f) { f(); }
  void memcpy(void *dest, const void *src, size_t numBytes);
  void memset(void *dest, int value, size_t numBytes);
  template <class T> void fill(void *dest, const T &pattern, size_t count);
  template <class T, int D, access::mode M, access::target Tg>
  void require(accessor<T, D, M, Tg> acc);
};

class queue {
public:
  queue();
  template <class... Args> explicit queue(Args &&...);
  template <class CGF> event submit(CGF cgf) {
    cgf(*static_cast<handler *>(nullptr));
    return event();
  }
  template <class KernelName = void, class KernelType>
  event single_task(const KernelType &kernelFunc) {
    detail::invoke_task(kernelFunc);
    return event();
  }
  template <class KernelName = void, int Dims, class KernelType>
  event parallel_for(range<Dims> numWorkItems, const KernelType &kernelFunc) {
    detail::invoke_range_kernel<Dims>(kernelFunc);
    return event();
  }
  template <class KernelName = void, int Dims, class KernelType>
  event parallel_for(nd_range<Dims> executionRange,
                     const KernelType &kernelFunc) {
    detail::invoke_nd_kernel<Dims>(kernelFunc);
    return event();
  }
  template <class KernelName = void, class KernelType>
  event parallel_for(size_t numWorkItems, const KernelType &kernelFunc) {
    detail::invoke_range_kernel<1>(kernelFunc);
    return event();
  }
  event memcpy(void *dest, const void *src, size_t numBytes);
  event memset(void *dest, int value, size_t numBytes);
  template <class T> event fill(void *dest, const T &pattern, size_t count);
  template <class T> event copy(const T *src, T *dest, size_t count);
  void wait();
  void wait_and_throw();
  device get_device() const;
  context get_context() const;
  bool is_in_order() const;
};

template <class T> T *malloc_device(size_t count, const queue &q);
template <class T> T *malloc_shared(size_t count, const queue &q);
template <class T> T *malloc_host(size_t count, const queue &q);
void *malloc_device(size_t numBytes, const queue &q);
void *malloc_shared(size_t numBytes, const queue &q);
void free(void *ptr, const queue &q);
void free(void *ptr, const context &c);

// Group functions and function objects.
template <class T = void> struct plus {
  T operator()(const T &a, const T &b) const { return a + b; }
};
template <> struct plus<void> {
  template <class T, class U> auto operator()(T &&a, U &&b) const { return a + b; }
};
template <class T = void> struct multiplies {
  T operator()(const T &a, const T &b) const { return a * b; }
};
template <class T = void> struct maximum {
  T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T = void> struct minimum {
  T operator()(const T &a, const T &b) const { return a < b ? a : b; }
};
template <class T = void> struct bit_and {
  T operator()(const T &a, const T &b) const { return a & b; }
};
template <class T = void> struct bit_or {
  T operator()(const T &a, const T &b) const { return a | b; }
};
template <class Group>
void group_barrier(Group g, memory_scope scope = memory_scope::work_group);
template <class Group, class T, class BinaryOp>
T reduce_over_group(Group g, T x, BinaryOp op);
template <class Group, class V, class T, class BinaryOp>
T reduce_over_group(Group g, V x, T init, BinaryOp op);
template <class Group, class T, class BinaryOp>
T inclusive_scan_over_group(Group g, T x, BinaryOp op);
template <class Group, class T, class BinaryOp>
T exclusive_scan_over_group(Group g, T x, BinaryOp op);
template <class Group, class T> T group_broadcast(Group g, T x);
template <class Group, class T> T group_broadcast(Group g, T x, size_t id);
template <class Group, class T> T select_from_group(Group g, T x, size_t id);
template <class Group, class T>
T shift_group_left(Group g, T x, size_t delta = 1);
template <class Group, class T>
T shift_group_right(Group g, T x, size_t delta = 1);
template <class Group, class T> T permute_group_by_xor(Group g, T x, size_t mask);
template <class Group> bool any_of_group(Group g, bool pred);
template <class Group> bool all_of_group(Group g, bool pred);
template <class Group> bool none_of_group(Group g, bool pred);

// Math (sycl::, sycl::native::). Generic over arithmetic types.
#define __KT_SYCL_UNARY(name)                                                  \
  template <class T> T name(T x);
#define __KT_SYCL_BINARY(name)                                                 \
  template <class T> T name(T x, T y);
__KT_SYCL_UNARY(exp) __KT_SYCL_UNARY(exp2) __KT_SYCL_UNARY(exp10)
__KT_SYCL_UNARY(expm1) __KT_SYCL_UNARY(log) __KT_SYCL_UNARY(log2)
__KT_SYCL_UNARY(log10) __KT_SYCL_UNARY(log1p) __KT_SYCL_UNARY(sqrt)
__KT_SYCL_UNARY(rsqrt) __KT_SYCL_UNARY(cbrt) __KT_SYCL_UNARY(fabs)
__KT_SYCL_UNARY(abs) __KT_SYCL_UNARY(floor) __KT_SYCL_UNARY(ceil)
__KT_SYCL_UNARY(round) __KT_SYCL_UNARY(trunc) __KT_SYCL_UNARY(rint)
__KT_SYCL_UNARY(sin) __KT_SYCL_UNARY(cos) __KT_SYCL_UNARY(tan)
__KT_SYCL_UNARY(asin) __KT_SYCL_UNARY(acos) __KT_SYCL_UNARY(atan)
__KT_SYCL_UNARY(sinh) __KT_SYCL_UNARY(cosh) __KT_SYCL_UNARY(tanh)
__KT_SYCL_UNARY(erf) __KT_SYCL_UNARY(erfc) __KT_SYCL_UNARY(lgamma)
__KT_SYCL_UNARY(tgamma) __KT_SYCL_UNARY(sign) __KT_SYCL_UNARY(recip_kt)
__KT_SYCL_BINARY(min) __KT_SYCL_BINARY(max) __KT_SYCL_BINARY(fmin)
__KT_SYCL_BINARY(fmax) __KT_SYCL_BINARY(pow) __KT_SYCL_BINARY(fmod)
__KT_SYCL_BINARY(atan2) __KT_SYCL_BINARY(hypot) __KT_SYCL_BINARY(copysign)
__KT_SYCL_BINARY(fdim) __KT_SYCL_BINARY(remainder)
template <class T> T clamp(T x, T lo, T hi);
template <class T> T fma(T a, T b, T c);
template <class T> T mad(T a, T b, T c);
template <class T> T mix(T a, T b, T c);
template <class T> T pown(T x, int n);
template <class T> T ldexp(T x, int n);
template <class T> bool isnan(T x);
template <class T> bool isinf(T x);
template <class T> bool isfinite(T x);
template <class T> bool signbit(T x);
template <class T> T sincos(T x, T *c);
template <class T> T clz(T x);
template <class T> T ctz(T x);
template <class T> T popcount(T x);
template <class T> T mul_hi(T x, T y);
template <class To, class From> To bit_cast(const From &from);
namespace native {
__KT_SYCL_UNARY(exp) __KT_SYCL_UNARY(exp2) __KT_SYCL_UNARY(log)
__KT_SYCL_UNARY(log2) __KT_SYCL_UNARY(sqrt) __KT_SYCL_UNARY(rsqrt)
__KT_SYCL_UNARY(recip) __KT_SYCL_UNARY(sin) __KT_SYCL_UNARY(cos)
__KT_SYCL_UNARY(tan) __KT_SYCL_BINARY(divide) __KT_SYCL_BINARY(powr)
} // namespace native
#undef __KT_SYCL_UNARY
#undef __KT_SYCL_BINARY

namespace ext {
namespace oneapi {
namespace experimental {
template <class... Args> int printf(const char *fmt, Args... args);
} // namespace experimental
using experimental::printf;
} // namespace oneapi
namespace intel {
namespace experimental {}
} // namespace intel
} // namespace ext

} // namespace _V1
} // namespace sycl

namespace syclext = sycl::ext::oneapi;
namespace syclexp = sycl::ext::oneapi::experimental;

#endif
