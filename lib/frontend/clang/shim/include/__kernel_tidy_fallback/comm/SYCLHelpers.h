// kernel-tidy stand-in for torch-xpu-ops <comm/SYCLHelpers.h> (used only when
// the real header is missing): the kernel-submission helpers, whose bodies
// call the kernel so that functor templates are instantiated.
#pragma once
#include <sycl/sycl.hpp>

template <typename scalar_t, int dims = 1>
using sycl_local_acc_t = sycl::local_accessor<scalar_t, dims>;
template <typename T> using sycl_local_ptr = sycl::local_ptr<T>;
template <typename T> using sycl_global_ptr = sycl::global_ptr<T>;
template <typename T>
using sycl_atomic_ref_rlx_dev_global_t =
    sycl::atomic_ref<T, sycl::memory_order::relaxed,
                     sycl::memory_scope::device,
                     sycl::access::address_space::global_space>;

// Functors deriving from this have a sycl_ker_config_convention(handler&)
// member that sets up local memory before the launch.
struct __SYCL_KER_CONFIG_CONVENTION__ {};

template <typename ker_t, int dim>
static inline void sycl_kernel_submit(::sycl::range<dim> global_range,
                                      ::sycl::range<dim> local_range,
                                      ::sycl::queue q, ker_t ker) {
  ::sycl::detail::invoke_nd_kernel<dim>(ker);
}
template <typename ker_t>
static inline void sycl_kernel_submit(int64_t global_range,
                                      int64_t local_range, ::sycl::queue q,
                                      ker_t ker) {
  ::sycl::detail::invoke_nd_kernel<1>(ker);
}
template <typename ker_t, int dim>
static inline void sycl_kernel_submit(::sycl::range<dim> range,
                                      ::sycl::queue q, ker_t ker) {
  ::sycl::detail::invoke_range_kernel<dim>(ker);
}
// Free-function kernels: sycl_kernel_submit<kernel<T>>(global, local, q,
// args...).
template <auto *kptr, typename... Kargs>
static inline void sycl_kernel_submit(int64_t global_range,
                                      int64_t local_range, ::sycl::queue q,
                                      Kargs... args) {}
template <auto *kptr, int dim, typename... Kargs>
static inline void sycl_kernel_submit(::sycl::range<dim> global_range,
                                      ::sycl::range<dim> local_range,
                                      ::sycl::queue q, Kargs... args) {}

#ifndef SYCL_REQD_SUB_GROUP_SIZE
#define SYCL_REQD_SUB_GROUP_SIZE(x)
#endif
#ifndef SYCL_KERNEL_PRINTF
#define SYCL_KERNEL_PRINTF sycl::ext::oneapi::experimental::printf
#endif
#ifndef SYCL_KERNEL_STRING
#define SYCL_KERNEL_STRING(var, str) static const char var[] = str
#endif
