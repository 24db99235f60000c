// kernel-tidy stand-in for <pybind11/pybind11.h> (used only when the real
// header is missing): the binding code of a PyTorch extension (module
// definitions, argument descriptors, buffers) declares Python entry points
// around the launchers; the checks read none of it, but without these
// declarations every such file parses with errors. Declarations only.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace pybind11 {
using ssize_t = std::ptrdiff_t;
class handle {
public:
  handle() = default;
  template <class T> T cast() const;
  explicit operator bool() const;
  template <class... A> class object operator()(A &&...) const;
  class object attr(const char *name) const;
};
class object : public handle {
public:
  object() = default;
  template <class T> object(const T &);
};
class str : public object {
public:
  str() = default;
  str(const char *);
  str(const std::string &);
  operator std::string() const;
};
class int_ : public object { public: using object::object; };
class float_ : public object { public: using object::object; };
class bool_ : public object { public: using object::object; };
class bytes : public object {
public:
  using object::object;
  operator std::string() const;
};
class none : public object {};
class list : public object {
public:
  list() = default;
  explicit list(size_t n);
  size_t size() const;
  object operator[](size_t i) const;
  template <class T> void append(T &&v);
  const object *begin() const;
  const object *end() const;
};
class tuple : public object {
public:
  tuple() = default;
  explicit tuple(size_t n);
  size_t size() const;
  object operator[](size_t i) const;
};
class dict : public object {
public:
  dict() = default;
  size_t size() const;
  object operator[](const char *key) const;
  bool contains(const char *key) const;
};
struct buffer_info {
  void *ptr = nullptr;
  ssize_t itemsize = 0;
  std::string format;
  ssize_t ndim = 0;
  std::vector<ssize_t> shape;
  std::vector<ssize_t> strides;
  ssize_t size = 0;
  bool readonly = false;
};
class buffer : public object {
public:
  using object::object;
  buffer_info request(bool writable = false) const;
};
template <class T, int Flags = 0> class array_t : public buffer {
public:
  using buffer::buffer;
  const T *data() const;
  T *mutable_data();
  ssize_t size() const;
  ssize_t shape(ssize_t dim) const;
  ssize_t ndim() const;
};
class array : public buffer { public: using buffer::buffer; };
struct arg {
  explicit arg(const char *name);
  template <class T> arg &operator=(T &&value);
  arg &noconvert(bool flag = true);
  arg &none(bool flag = true);
};
template <class... A> struct init_t {};
template <class... A> init_t<A...> init();
struct return_value_policy_t {};
enum class return_value_policy : uint8_t {
  automatic, automatic_reference, take_ownership, copy, move, reference,
  reference_internal
};
class module_ : public object {
public:
  template <class... A> module_ &def(const char *name, A &&...extra) {
    return *this;
  }
  module_ def_submodule(const char *name, const char *doc = nullptr);
  object attr(const char *name) const;
  static module_ import(const char *name);
  /// 'm.doc() = "..."'.
  object doc();
};
using module = module_;
template <class T, class... Options> class class_ : public object {
public:
  template <class... A> class_(const module_ &scope, const char *name, A &&...);
  template <class... A> class_ &def(A &&...) { return *this; }
  template <class... A> class_ &def_readwrite(A &&...) { return *this; }
  template <class... A> class_ &def_readonly(A &&...) { return *this; }
  template <class... A> class_ &def_property(A &&...) { return *this; }
  template <class... A> class_ &def_property_readonly(A &&...) { return *this; }
  template <class... A> class_ &def_static(A &&...) { return *this; }
};
template <class T> class enum_ : public object {
public:
  template <class... A> enum_(const module_ &scope, const char *name, A &&...);
  enum_ &value(const char *name, T v, const char *doc = nullptr);
  enum_ &export_values();
};
template <class T> T cast(const handle &h);
template <class T> object cast(T &&v);
template <class T> bool isinstance(const handle &h);
class gil_scoped_release { public: gil_scoped_release(); };
class gil_scoped_acquire { public: gil_scoped_acquire(); };
namespace detail {}
} // namespace pybind11

// Python.h's pair that releases the interpreter lock around a block.
#ifndef Py_BEGIN_ALLOW_THREADS
#define Py_BEGIN_ALLOW_THREADS {
#define Py_END_ALLOW_THREADS }
#endif

// The module's entry point: 'PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {...}'
// (the name is a -D of the real build, pasted unexpanded here).
#ifndef PYBIND11_MODULE
#define PYBIND11_MODULE(name, variable)                                        \
  static void __kt_pybind11_init_##name(::pybind11::module_ &variable);        \
  static void __kt_pybind11_init_##name(::pybind11::module_ &variable)
#endif
