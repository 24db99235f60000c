// kernel-tidy's prelude: the framework macros that kernel declarations and
// bodies are written with (PyTorch, ggml, vLLM, torch-xpu-ops). It is
// force-included first, so that with no build the kernels still parse when
// the framework's own headers are missing (they resolve to empty files).
// Every definition is guarded: when a real header is found it is included
// later and redefines the macro; Clang only warns about a redefinition (and
// kernel-tidy parses with -w), so real headers always win without errors.
// Only macros live here: a type or function would collide with the real one.
#ifndef __KERNEL_TIDY_PRELUDE_H
#define __KERNEL_TIDY_PRELUDE_H

#if defined(__CUDACC__) || defined(__HIPCC__)
#define __KT_HD __host__ __device__
#define __KT_D __device__
#define __KT_H __host__
#else
#define __KT_HD
#define __KT_D
#define __KT_H
#endif

// ---- PyTorch: c10/macros/Macros.h ----------------------------------------
#ifndef C10_HOST_DEVICE
#define C10_HOST_DEVICE __KT_HD
#endif
#ifndef C10_DEVICE
#define C10_DEVICE __KT_D
#endif
#ifndef C10_HOST
#define C10_HOST __KT_H
#endif
#ifndef C10_WARP_SIZE
#define C10_WARP_SIZE 32
#endif
#ifndef CUDA_MAX_THREADS_PER_BLOCK
#define CUDA_MAX_THREADS_PER_BLOCK 1024
#endif
#ifndef CUDA_THREADS_PER_BLOCK_FALLBACK
#define CUDA_THREADS_PER_BLOCK_FALLBACK 256
#endif
#ifndef C10_MAX_THREADS_PER_BLOCK
#define C10_MAX_THREADS_PER_BLOCK(val)                                         \
  (((val) <= CUDA_MAX_THREADS_PER_BLOCK) ? (val)                               \
                                         : CUDA_THREADS_PER_BLOCK_FALLBACK)
#endif
#ifndef C10_MIN_BLOCKS_PER_SM
#define C10_MIN_BLOCKS_PER_SM(threads_per_block, blocks_per_sm)                \
  ((((threads_per_block) * (blocks_per_sm) <= CUDA_MAX_THREADS_PER_BLOCK)      \
        ? (blocks_per_sm)                                                      \
        : ((CUDA_MAX_THREADS_PER_BLOCK + (threads_per_block) - 1) /            \
           (threads_per_block))))
#endif
#if defined(__CUDACC__) || defined(__HIPCC__)
#ifndef C10_LAUNCH_BOUNDS_0
#define C10_LAUNCH_BOUNDS_0 __launch_bounds__(256, 4)
#endif
#ifndef C10_LAUNCH_BOUNDS_1
#define C10_LAUNCH_BOUNDS_1(max_threads_per_block)                             \
  __launch_bounds__((C10_MAX_THREADS_PER_BLOCK((max_threads_per_block))))
#endif
#ifndef C10_LAUNCH_BOUNDS_2
#define C10_LAUNCH_BOUNDS_2(max_threads_per_block, min_blocks_per_sm)          \
  __launch_bounds__(                                                           \
      (C10_MAX_THREADS_PER_BLOCK((max_threads_per_block))),                    \
      (C10_MIN_BLOCKS_PER_SM((max_threads_per_block), (min_blocks_per_sm))))
#endif
#else
#define C10_LAUNCH_BOUNDS_0
#define C10_LAUNCH_BOUNDS_1(max_threads_per_block)
#define C10_LAUNCH_BOUNDS_2(max_threads_per_block, min_blocks_per_sm)
#endif
#ifndef C10_ALWAYS_INLINE
#define C10_ALWAYS_INLINE inline __attribute__((__always_inline__))
#endif
#ifndef C10_ALWAYS_INLINE_ATTRIBUTE
#define C10_ALWAYS_INLINE_ATTRIBUTE __attribute__((__always_inline__))
#endif
#ifndef C10_NOINLINE
#define C10_NOINLINE __attribute__((noinline))
#endif
#ifndef C10_UNUSED
#define C10_UNUSED __attribute__((__unused__))
#endif
#ifndef C10_RESTRICT
#define C10_RESTRICT __restrict
#endif
#ifndef C10_LIKELY
#define C10_LIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 1))
#endif
#ifndef C10_UNLIKELY
#define C10_UNLIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 0))
#endif
#ifndef C10_API
#define C10_API
#endif
#ifndef TORCH_API
#define TORCH_API
#endif
#ifndef TORCH_CUDA_CPP_API
#define TORCH_CUDA_CPP_API
#endif
#ifndef TORCH_CUDA_CU_API
#define TORCH_CUDA_CU_API
#endif
#ifndef TORCH_XPU_API
#define TORCH_XPU_API
#endif
#ifndef C10_EXPORT
#define C10_EXPORT
#endif
#ifndef C10_DEPRECATED
#define C10_DEPRECATED
#endif
#ifndef C10_DEPRECATED_MESSAGE
#define C10_DEPRECATED_MESSAGE(...)
#endif
#ifndef C10_NODISCARD
#define C10_NODISCARD [[nodiscard]]
#endif
#ifndef C10_CONCATENATE
#define C10_CONCATENATE_IMPL(s1, s2) s1##s2
#define C10_CONCATENATE(s1, s2) C10_CONCATENATE_IMPL(s1, s2)
#endif
#ifndef C10_STRINGIZE
#define C10_STRINGIZE_IMPL(x) #x
#define C10_STRINGIZE(x) C10_STRINGIZE_IMPL(x)
#endif
#ifndef C10_DIAGNOSTIC_PUSH_AND_IGNORED_IF_DEFINED
#define C10_DIAGNOSTIC_PUSH_AND_IGNORED_IF_DEFINED(warning)
#define C10_DIAGNOSTIC_POP()
#endif
#ifndef C10_CLANG_DIAGNOSTIC_PUSH
#define C10_CLANG_DIAGNOSTIC_PUSH()
#define C10_CLANG_DIAGNOSTIC_POP()
#define C10_CLANG_DIAGNOSTIC_IGNORE(flag)
#endif

// ---- PyTorch: error checking (c10/util/Exception.h, c10/cuda) -------------
// As in c10, the checks are 'if' statements (real code sometimes omits the
// semicolon after them); the condition stays in the AST (checks may read it
// as a guard), the message arguments are dropped.
#ifndef TORCH_CHECK
#define TORCH_CHECK(cond, ...) if (!(cond)) {}
#endif
#ifndef TORCH_CHECK_VALUE
#define TORCH_CHECK_VALUE(cond, ...) if (!(cond)) {}
#endif
#ifndef TORCH_CHECK_INDEX
#define TORCH_CHECK_INDEX(cond, ...) if (!(cond)) {}
#endif
#ifndef TORCH_CHECK_TYPE
#define TORCH_CHECK_TYPE(cond, ...) if (!(cond)) {}
#endif
#ifndef TORCH_CHECK_NOT_IMPLEMENTED
#define TORCH_CHECK_NOT_IMPLEMENTED(cond, ...) if (!(cond)) {}
#endif
#ifndef TORCH_INTERNAL_ASSERT
#define TORCH_INTERNAL_ASSERT(cond, ...) if (!(cond)) {}
#endif
#ifndef TORCH_INTERNAL_ASSERT_DEBUG_ONLY
#define TORCH_INTERNAL_ASSERT_DEBUG_ONLY(cond, ...) ((void)0)
#endif
#ifndef TORCH_WARN
#define TORCH_WARN(...) ((void)0)
#endif
#ifndef TORCH_WARN_ONCE
#define TORCH_WARN_ONCE(...) ((void)0)
#endif
#ifndef AT_ERROR
#define AT_ERROR(...) ((void)0)
#endif
#ifndef AT_ASSERT
#define AT_ASSERT(cond, ...) ((void)(cond))
#endif
#ifndef AT_ASSERTM
#define AT_ASSERTM(cond, ...) ((void)(cond))
#endif
#ifndef CUDA_KERNEL_ASSERT
#define CUDA_KERNEL_ASSERT(cond) ((void)(cond))
#endif
#ifndef CUDA_KERNEL_ASSERT_MSG
#define CUDA_KERNEL_ASSERT_MSG(cond, msg) ((void)(cond))
#endif
#ifndef CUDA_KERNEL_ASSERT_PRINTF
#define CUDA_KERNEL_ASSERT_PRINTF(cond, ...) ((void)(cond))
#endif
#ifndef SYCL_KERNEL_ASSERT
#define SYCL_KERNEL_ASSERT(cond) ((void)(cond))
#endif
#ifndef C10_CUDA_KERNEL_LAUNCH_CHECK
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ((void)0)
#endif
#ifndef C10_HIP_KERNEL_LAUNCH_CHECK
#define C10_HIP_KERNEL_LAUNCH_CHECK() ((void)0)
#endif
#ifndef C10_CUDA_CHECK
#define C10_CUDA_CHECK(expr) ((void)(expr))
#endif
#ifndef C10_CUDA_CHECK_WARN
#define C10_CUDA_CHECK_WARN(expr) ((void)(expr))
#endif
#ifndef AT_CUDA_CHECK
#define AT_CUDA_CHECK(expr) ((void)(expr))
#endif
#ifndef C10_CUDA_IGNORE_ERROR
#define C10_CUDA_IGNORE_ERROR(expr) ((void)(expr))
#endif

// ---- PyTorch: ATen/cuda/detail/KernelUtils.h (grid-stride loops) -----------
// As in PyTorch: the induction variable has the caller's type, the hidden
// counter is int64_t.
#ifndef CUDA_KERNEL_LOOP_TYPE
#define CUDA_KERNEL_LOOP_TYPE(i, n, index_type)                                \
  int64_t _i_n_d_e_x = blockIdx.x * blockDim.x + threadIdx.x;                  \
  for (index_type i = _i_n_d_e_x; _i_n_d_e_x < (n);                            \
       _i_n_d_e_x += blockDim.x * gridDim.x, i = _i_n_d_e_x)
#endif
#ifndef CUDA_KERNEL_LOOP
#define CUDA_KERNEL_LOOP(i, n) CUDA_KERNEL_LOOP_TYPE(i, n, int)
#endif

// ---- PyTorch: ATen/Dispatch.h ---------------------------------------------
// The real macros switch over a runtime dtype and call the lambda once per
// case with 'scalar_t' (and 'index_t') in scope. The stand-ins call it for
// 'float' -- and for the 16-bit type named by the case list where the shim
// defines one -- so the lambda body and the kernel templates it launches are
// instantiated and analysed.
#if defined(__KT_CUDA_FP16_H)
#define __KT_DISPATCH_HALF __half
#define __KT_DISPATCH_BFLOAT16 __nv_bfloat16
#elif defined(__KT_SYCL_HPP)
#define __KT_DISPATCH_HALF ::sycl::half
#define __KT_DISPATCH_BFLOAT16 ::sycl::ext::oneapi::bfloat16
#else
#define __KT_DISPATCH_HALF float
#define __KT_DISPATCH_BFLOAT16 float
#endif
#define __KT_DISPATCH_AS(T, ...)                                               \
  {                                                                            \
    using scalar_t [[maybe_unused]] = T;                                       \
    __VA_ARGS__();                                                             \
  }
#define __KT_DISPATCH_FLOAT(...) __KT_DISPATCH_AS(float, __VA_ARGS__)
#define __KT_DISPATCH_FLOAT_HALF(...)                                          \
  __KT_DISPATCH_AS(float, __VA_ARGS__)                                         \
  __KT_DISPATCH_AS(__KT_DISPATCH_HALF, __VA_ARGS__)
#define __KT_DISPATCH_FLOAT_HALF_BF16(...)                                     \
  __KT_DISPATCH_FLOAT_HALF(__VA_ARGS__)                                        \
  __KT_DISPATCH_AS(__KT_DISPATCH_BFLOAT16, __VA_ARGS__)
#define __KT_DISPATCH_INT(...) __KT_DISPATCH_AS(int64_t, __VA_ARGS__)
#define __KT_DISPATCH_DO(...) [&] { __VA_ARGS__ }()

#ifndef AT_DISPATCH_FLOATING_TYPES
#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...)                            \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_FLOATING_TYPES_AND_HALF
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...)                   \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT_HALF(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_FLOATING_TYPES_AND
#define AT_DISPATCH_FLOATING_TYPES_AND(S1, TYPE, NAME, ...)                    \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT_HALF(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_FLOATING_TYPES_AND2
#define AT_DISPATCH_FLOATING_TYPES_AND2(S1, S2, TYPE, NAME, ...)               \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT_HALF_BF16(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_FLOATING_TYPES_AND3
#define AT_DISPATCH_FLOATING_TYPES_AND3(S1, S2, S3, TYPE, NAME, ...)           \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT_HALF_BF16(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_REDUCED_FLOATING_TYPES
#define AT_DISPATCH_REDUCED_FLOATING_TYPES(TYPE, NAME, ...)                    \
  __KT_DISPATCH_DO(__KT_DISPATCH_AS(__KT_DISPATCH_HALF, __VA_ARGS__)           \
                       __KT_DISPATCH_AS(__KT_DISPATCH_BFLOAT16, __VA_ARGS__))
#endif
#ifndef AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES
#define AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES(TYPE, NAME, ...)                \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES_AND2
#define AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES_AND2(S1, S2, TYPE, NAME, ...)   \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT_HALF_BF16(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_ALL_TYPES
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...)                                 \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_ALL_TYPES_AND
#define AT_DISPATCH_ALL_TYPES_AND(S1, TYPE, NAME, ...)                         \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT_HALF(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_ALL_TYPES_AND2
#define AT_DISPATCH_ALL_TYPES_AND2(S1, S2, TYPE, NAME, ...)                    \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT_HALF_BF16(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_ALL_TYPES_AND3
#define AT_DISPATCH_ALL_TYPES_AND3(S1, S2, S3, TYPE, NAME, ...)                \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT_HALF_BF16(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_ALL_TYPES_AND_COMPLEX
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX(TYPE, NAME, ...)                     \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND(S1, TYPE, NAME, ...)             \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT_HALF(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND2
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND2(S1, S2, TYPE, NAME, ...)        \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT_HALF_BF16(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND3
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND3(S1, S2, S3, TYPE, NAME, ...)    \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT_HALF_BF16(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND4
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND4(S1, S2, S3, S4, TYPE, NAME, ...) \
  __KT_DISPATCH_DO(__KT_DISPATCH_FLOAT_HALF_BF16(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_INTEGRAL_TYPES
#define AT_DISPATCH_INTEGRAL_TYPES(TYPE, NAME, ...)                            \
  __KT_DISPATCH_DO(__KT_DISPATCH_INT(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_INTEGRAL_TYPES_AND
#define AT_DISPATCH_INTEGRAL_TYPES_AND(S1, TYPE, NAME, ...)                    \
  __KT_DISPATCH_DO(__KT_DISPATCH_INT(__VA_ARGS__))
#endif
#ifndef AT_DISPATCH_INDEX_TYPES
// PyTorch's own definition picks int32_t or int64_t at run time: both.
#define AT_DISPATCH_INDEX_TYPES(TYPE, NAME, ...)                               \
  [&] {                                                                        \
    {                                                                          \
      using index_t [[maybe_unused]] = int32_t;                                \
      __VA_ARGS__();                                                           \
    }                                                                          \
    {                                                                          \
      using index_t [[maybe_unused]] = int64_t;                                \
      __VA_ARGS__();                                                           \
    }                                                                          \
  }()
#endif
#ifndef AT_DISPATCH_SWITCH
#define AT_DISPATCH_SWITCH(TYPE, NAME, ...) [&] { __VA_ARGS__ }()
#endif
#ifndef AT_DISPATCH_CASE
#define AT_DISPATCH_CASE(enum_type, ...) __KT_DISPATCH_FLOAT(__VA_ARGS__)
#endif
#ifndef AT_DISPATCH_CASE_FLOATING_TYPES
#define AT_DISPATCH_CASE_FLOATING_TYPES(...) __KT_DISPATCH_FLOAT(__VA_ARGS__)
#endif
#ifndef AT_DISPATCH_CASE_FLOATING_TYPES_AND_HALF
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND_HALF(...)                          \
  __KT_DISPATCH_FLOAT_HALF(__VA_ARGS__)
#endif
#ifndef AT_DISPATCH_CASE_FLOATING_TYPES_AND2
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND2(S1, S2, ...)                      \
  __KT_DISPATCH_FLOAT_HALF_BF16(__VA_ARGS__)
#endif
#ifndef AT_PRIVATE_CASE_TYPE_USING_HINT
#define AT_PRIVATE_CASE_TYPE_USING_HINT(enum_type, HINT, ...)                  \
  {                                                                            \
    using HINT [[maybe_unused]] = float;                                       \
    __VA_ARGS__();                                                             \
  }
#endif

// ---- ggml (ggml.h, ggml-cuda/common.cuh) ------------------------------------
#ifndef GGML_UNUSED
#define GGML_UNUSED(x) (void)(x)
#endif
#ifndef GGML_ASSERT
#define GGML_ASSERT(x) ((void)(x))
#endif
#ifndef GGML_ABORT
#define GGML_ABORT(...) abort()
#endif
#ifndef GGML_API
#define GGML_API
#endif
#ifndef GGML_CALL
#define GGML_CALL
#endif
#ifndef GGML_RESTRICT
#define GGML_RESTRICT __restrict
#endif
#ifndef GGML_NORETURN
#define GGML_NORETURN [[noreturn]]
#endif
#ifndef GGML_MAX_DIMS
#define GGML_MAX_DIMS 4
#endif
#ifndef GGML_PAD
#define GGML_PAD(x, n) (((x) + (n) - 1) & ~((n) - 1))
#endif
#ifndef CUDA_CHECK
#define CUDA_CHECK(err) ((void)(err))
#endif

// ---- vLLM / FlashInfer / misc ----------------------------------------------
#ifndef FLASHINFER_INLINE
#define FLASHINFER_INLINE inline __attribute__((always_inline)) __KT_D
#endif
#ifndef HOST_DEVICE_INLINE
#define HOST_DEVICE_INLINE __forceinline__ __KT_HD
#endif
#ifndef DEVICE_INLINE
#define DEVICE_INLINE __forceinline__ __KT_D
#endif

#endif
