// kernel-tidy shim of cuda_bf16.h: __nv_bfloat16, __nv_bfloat162 and their
// intrinsics.
#ifndef __KT_CUDA_BF16_H
#define __KT_CUDA_BF16_H
#include "__kernel_tidy_cuda.h"
#ifdef __cplusplus

struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

// A 16-bit float: the checks recognise it by this class name.
struct __attribute__((aligned(2))) __nv_bfloat16 {
protected:
  unsigned short __x;

public:
  __nv_bfloat16() = default;
  __host__ __device__ constexpr __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
  __host__ __device__ __nv_bfloat16(float f);
  __host__ __device__ __nv_bfloat16(double f);
  __host__ __device__ __nv_bfloat16(short v);
  __host__ __device__ __nv_bfloat16(unsigned short v);
  __host__ __device__ __nv_bfloat16(int v);
  __host__ __device__ __nv_bfloat16(unsigned int v);
  __host__ __device__ __nv_bfloat16(long v);
  __host__ __device__ __nv_bfloat16(unsigned long v);
  __host__ __device__ __nv_bfloat16(long long v);
  __host__ __device__ __nv_bfloat16(unsigned long long v);
  __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &r);
  __host__ __device__ __nv_bfloat16 &operator=(float f);
  __host__ __device__ __nv_bfloat16 &operator=(double f);
  __host__ __device__ operator __nv_bfloat16_raw() const;
  __host__ __device__ operator float() const;
  __host__ __device__ explicit operator bool() const;
  __host__ __device__ explicit operator signed char() const;
  __host__ __device__ explicit operator unsigned char() const;
  __host__ __device__ explicit operator char() const;
  __host__ __device__ explicit operator short() const;
  __host__ __device__ explicit operator unsigned short() const;
  __host__ __device__ explicit operator int() const;
  __host__ __device__ explicit operator unsigned int() const;
  __host__ __device__ explicit operator long() const;
  __host__ __device__ explicit operator unsigned long() const;
  __host__ __device__ explicit operator long long() const;
  __host__ __device__ explicit operator unsigned long long() const;
};

struct __attribute__((aligned(4))) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;
  __nv_bfloat162() = default;
  __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &r);
  __host__ __device__ __nv_bfloat162 &operator=(const __nv_bfloat162_raw &r);
  __host__ __device__ operator __nv_bfloat162_raw() const;
};


__host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator*(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator/(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 &operator+=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 &operator-=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 &operator*=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 &operator/=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 &operator++(__nv_bfloat16 &a);
__host__ __device__ __nv_bfloat16 &operator--(__nv_bfloat16 &a);
__host__ __device__ __nv_bfloat16 operator++(__nv_bfloat16 &a, int);
__host__ __device__ __nv_bfloat16 operator--(__nv_bfloat16 &a, int);
__host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &a);
__host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &a);
__host__ __device__ bool operator==(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ bool operator!=(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ bool operator<(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ bool operator>(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ bool operator<=(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__host__ __device__ bool operator>=(const __nv_bfloat16 &a, const __nv_bfloat16 &b);


__host__ __device__ __nv_bfloat162 operator+(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ __nv_bfloat162 operator-(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ __nv_bfloat162 operator*(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ __nv_bfloat162 operator/(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ __nv_bfloat162 &operator+=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ __nv_bfloat162 &operator-=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ __nv_bfloat162 &operator*=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ __nv_bfloat162 &operator/=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ __nv_bfloat162 &operator++(__nv_bfloat162 &a);
__host__ __device__ __nv_bfloat162 &operator--(__nv_bfloat162 &a);
__host__ __device__ __nv_bfloat162 operator++(__nv_bfloat162 &a, int);
__host__ __device__ __nv_bfloat162 operator--(__nv_bfloat162 &a, int);
__host__ __device__ __nv_bfloat162 operator+(const __nv_bfloat162 &a);
__host__ __device__ __nv_bfloat162 operator-(const __nv_bfloat162 &a);
__host__ __device__ bool operator==(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ bool operator!=(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ bool operator<(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ bool operator>(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ bool operator<=(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__host__ __device__ bool operator>=(const __nv_bfloat162 &a, const __nv_bfloat162 &b);

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
typedef __nv_bfloat16_raw __nv_bfloat16_raw_t;

// Conversions.
__host__ __device__ __nv_bfloat16 __float2bfloat16(const float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(const float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rz(const float a);
__host__ __device__ __nv_bfloat16 __double2bfloat16(const double a);
__host__ __device__ float __bfloat162float(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(const float a);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(const float a, const float b);
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(const float2 a);
__host__ __device__ float2 __bfloat1622float2(const __nv_bfloat162 a);
__host__ __device__ float __low2float(const __nv_bfloat162 a);
__host__ __device__ float __high2float(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __low2bfloat162(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __high2bfloat162(const __nv_bfloat162 a);
__host__ __device__ short __bfloat16_as_short(const __nv_bfloat16 h);
__host__ __device__ unsigned short __bfloat16_as_ushort(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __short_as_bfloat16(const short i);
__host__ __device__ __nv_bfloat16 __ushort_as_bfloat16(const unsigned short i);
__host__ __device__ int __bfloat162int_rn(const __nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __int2bfloat16_rn(const int i);
__host__ __device__ __nv_bfloat16 __uint2bfloat16_rn(const unsigned int i);

// Arithmetic and comparison intrinsics (same names as the __half ones).
#define __KT_BF16_BINARY(name) \
  __host__ __device__ __nv_bfloat16 name(const __nv_bfloat16 a, const __nv_bfloat16 b); \
  __host__ __device__ __nv_bfloat162 name##2(const __nv_bfloat162 a, const __nv_bfloat162 b);
__KT_BF16_BINARY(__hadd)
__KT_BF16_BINARY(__hsub)
__KT_BF16_BINARY(__hmul)
__KT_BF16_BINARY(__hadd_rn)
__KT_BF16_BINARY(__hmul_rn)
__KT_BF16_BINARY(__hmax)
__KT_BF16_BINARY(__hmin)
__KT_BF16_BINARY(__hmax_nan)
__KT_BF16_BINARY(__hmin_nan)
#undef __KT_BF16_BINARY
__host__ __device__ __nv_bfloat16 __hdiv(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __h2div(const __nv_bfloat162 a, const __nv_bfloat162 b);
__host__ __device__ __nv_bfloat16 __hfma(const __nv_bfloat16 a, const __nv_bfloat16 b, const __nv_bfloat16 c);
__host__ __device__ __nv_bfloat162 __hfma2(const __nv_bfloat162 a, const __nv_bfloat162 b, const __nv_bfloat162 c);
__host__ __device__ __nv_bfloat16 __hneg(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __hneg2(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 __habs(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __habs2(const __nv_bfloat162 a);
__host__ __device__ bool __heq(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ bool __hlt(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ bool __hgt(const __nv_bfloat16 a, const __nv_bfloat16 b);
__host__ __device__ bool __hisnan(const __nv_bfloat16 a);
__host__ __device__ int __hisinf(const __nv_bfloat16 a);
__device__ __nv_bfloat16 hexp(const __nv_bfloat16 a);
__device__ __nv_bfloat16 hlog(const __nv_bfloat16 a);
__device__ __nv_bfloat16 hsqrt(const __nv_bfloat16 a);
__device__ __nv_bfloat16 hrsqrt(const __nv_bfloat16 a);
__device__ __nv_bfloat16 hrcp(const __nv_bfloat16 a);
__device__ __nv_bfloat162 h2exp(const __nv_bfloat162 a);
__device__ __nv_bfloat162 h2sqrt(const __nv_bfloat162 a);


// Mixed arithmetic, as c10::Half has it (CUDA itself leaves these
// ambiguous; a linter has no reason to reject them): with an integer the
// result stays 16-bit, with float or double it widens.
__host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &a, int b);
__host__ __device__ __nv_bfloat16 operator+(int a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &a, unsigned int b);
__host__ __device__ __nv_bfloat16 operator+(unsigned int a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &a, long b);
__host__ __device__ __nv_bfloat16 operator+(long a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &a, unsigned long b);
__host__ __device__ __nv_bfloat16 operator+(unsigned long a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &a, long long b);
__host__ __device__ __nv_bfloat16 operator+(long long a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &a, unsigned long long b);
__host__ __device__ __nv_bfloat16 operator+(unsigned long long a, const __nv_bfloat16 &b);
__host__ __device__ float operator+(const __nv_bfloat16 &a, float b);
__host__ __device__ float operator+(float a, const __nv_bfloat16 &b);
__host__ __device__ double operator+(const __nv_bfloat16 &a, double b);
__host__ __device__ double operator+(double a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &a, int b);
__host__ __device__ __nv_bfloat16 operator-(int a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &a, unsigned int b);
__host__ __device__ __nv_bfloat16 operator-(unsigned int a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &a, long b);
__host__ __device__ __nv_bfloat16 operator-(long a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &a, unsigned long b);
__host__ __device__ __nv_bfloat16 operator-(unsigned long a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &a, long long b);
__host__ __device__ __nv_bfloat16 operator-(long long a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &a, unsigned long long b);
__host__ __device__ __nv_bfloat16 operator-(unsigned long long a, const __nv_bfloat16 &b);
__host__ __device__ float operator-(const __nv_bfloat16 &a, float b);
__host__ __device__ float operator-(float a, const __nv_bfloat16 &b);
__host__ __device__ double operator-(const __nv_bfloat16 &a, double b);
__host__ __device__ double operator-(double a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator*(const __nv_bfloat16 &a, int b);
__host__ __device__ __nv_bfloat16 operator*(int a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator*(const __nv_bfloat16 &a, unsigned int b);
__host__ __device__ __nv_bfloat16 operator*(unsigned int a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator*(const __nv_bfloat16 &a, long b);
__host__ __device__ __nv_bfloat16 operator*(long a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator*(const __nv_bfloat16 &a, unsigned long b);
__host__ __device__ __nv_bfloat16 operator*(unsigned long a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator*(const __nv_bfloat16 &a, long long b);
__host__ __device__ __nv_bfloat16 operator*(long long a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator*(const __nv_bfloat16 &a, unsigned long long b);
__host__ __device__ __nv_bfloat16 operator*(unsigned long long a, const __nv_bfloat16 &b);
__host__ __device__ float operator*(const __nv_bfloat16 &a, float b);
__host__ __device__ float operator*(float a, const __nv_bfloat16 &b);
__host__ __device__ double operator*(const __nv_bfloat16 &a, double b);
__host__ __device__ double operator*(double a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator/(const __nv_bfloat16 &a, int b);
__host__ __device__ __nv_bfloat16 operator/(int a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator/(const __nv_bfloat16 &a, unsigned int b);
__host__ __device__ __nv_bfloat16 operator/(unsigned int a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator/(const __nv_bfloat16 &a, long b);
__host__ __device__ __nv_bfloat16 operator/(long a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator/(const __nv_bfloat16 &a, unsigned long b);
__host__ __device__ __nv_bfloat16 operator/(unsigned long a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator/(const __nv_bfloat16 &a, long long b);
__host__ __device__ __nv_bfloat16 operator/(long long a, const __nv_bfloat16 &b);
__host__ __device__ __nv_bfloat16 operator/(const __nv_bfloat16 &a, unsigned long long b);
__host__ __device__ __nv_bfloat16 operator/(unsigned long long a, const __nv_bfloat16 &b);
__host__ __device__ float operator/(const __nv_bfloat16 &a, float b);
__host__ __device__ float operator/(float a, const __nv_bfloat16 &b);
__host__ __device__ double operator/(const __nv_bfloat16 &a, double b);
__host__ __device__ double operator/(double a, const __nv_bfloat16 &b);
__host__ __device__ bool operator==(const __nv_bfloat16 &a, int b);
__host__ __device__ bool operator==(int a, const __nv_bfloat16 &b);
__host__ __device__ bool operator==(const __nv_bfloat16 &a, long b);
__host__ __device__ bool operator==(long a, const __nv_bfloat16 &b);
__host__ __device__ bool operator==(const __nv_bfloat16 &a, long long b);
__host__ __device__ bool operator==(long long a, const __nv_bfloat16 &b);
__host__ __device__ bool operator==(const __nv_bfloat16 &a, float b);
__host__ __device__ bool operator==(float a, const __nv_bfloat16 &b);
__host__ __device__ bool operator==(const __nv_bfloat16 &a, double b);
__host__ __device__ bool operator==(double a, const __nv_bfloat16 &b);
__host__ __device__ bool operator!=(const __nv_bfloat16 &a, int b);
__host__ __device__ bool operator!=(int a, const __nv_bfloat16 &b);
__host__ __device__ bool operator!=(const __nv_bfloat16 &a, long b);
__host__ __device__ bool operator!=(long a, const __nv_bfloat16 &b);
__host__ __device__ bool operator!=(const __nv_bfloat16 &a, long long b);
__host__ __device__ bool operator!=(long long a, const __nv_bfloat16 &b);
__host__ __device__ bool operator!=(const __nv_bfloat16 &a, float b);
__host__ __device__ bool operator!=(float a, const __nv_bfloat16 &b);
__host__ __device__ bool operator!=(const __nv_bfloat16 &a, double b);
__host__ __device__ bool operator!=(double a, const __nv_bfloat16 &b);
__host__ __device__ bool operator<(const __nv_bfloat16 &a, int b);
__host__ __device__ bool operator<(int a, const __nv_bfloat16 &b);
__host__ __device__ bool operator<(const __nv_bfloat16 &a, long b);
__host__ __device__ bool operator<(long a, const __nv_bfloat16 &b);
__host__ __device__ bool operator<(const __nv_bfloat16 &a, long long b);
__host__ __device__ bool operator<(long long a, const __nv_bfloat16 &b);
__host__ __device__ bool operator<(const __nv_bfloat16 &a, float b);
__host__ __device__ bool operator<(float a, const __nv_bfloat16 &b);
__host__ __device__ bool operator<(const __nv_bfloat16 &a, double b);
__host__ __device__ bool operator<(double a, const __nv_bfloat16 &b);
__host__ __device__ bool operator>(const __nv_bfloat16 &a, int b);
__host__ __device__ bool operator>(int a, const __nv_bfloat16 &b);
__host__ __device__ bool operator>(const __nv_bfloat16 &a, long b);
__host__ __device__ bool operator>(long a, const __nv_bfloat16 &b);
__host__ __device__ bool operator>(const __nv_bfloat16 &a, long long b);
__host__ __device__ bool operator>(long long a, const __nv_bfloat16 &b);
__host__ __device__ bool operator>(const __nv_bfloat16 &a, float b);
__host__ __device__ bool operator>(float a, const __nv_bfloat16 &b);
__host__ __device__ bool operator>(const __nv_bfloat16 &a, double b);
__host__ __device__ bool operator>(double a, const __nv_bfloat16 &b);
__host__ __device__ bool operator<=(const __nv_bfloat16 &a, int b);
__host__ __device__ bool operator<=(int a, const __nv_bfloat16 &b);
__host__ __device__ bool operator<=(const __nv_bfloat16 &a, long b);
__host__ __device__ bool operator<=(long a, const __nv_bfloat16 &b);
__host__ __device__ bool operator<=(const __nv_bfloat16 &a, long long b);
__host__ __device__ bool operator<=(long long a, const __nv_bfloat16 &b);
__host__ __device__ bool operator<=(const __nv_bfloat16 &a, float b);
__host__ __device__ bool operator<=(float a, const __nv_bfloat16 &b);
__host__ __device__ bool operator<=(const __nv_bfloat16 &a, double b);
__host__ __device__ bool operator<=(double a, const __nv_bfloat16 &b);
__host__ __device__ bool operator>=(const __nv_bfloat16 &a, int b);
__host__ __device__ bool operator>=(int a, const __nv_bfloat16 &b);
__host__ __device__ bool operator>=(const __nv_bfloat16 &a, long b);
__host__ __device__ bool operator>=(long a, const __nv_bfloat16 &b);
__host__ __device__ bool operator>=(const __nv_bfloat16 &a, long long b);
__host__ __device__ bool operator>=(long long a, const __nv_bfloat16 &b);
__host__ __device__ bool operator>=(const __nv_bfloat16 &a, float b);
__host__ __device__ bool operator>=(float a, const __nv_bfloat16 &b);
__host__ __device__ bool operator>=(const __nv_bfloat16 &a, double b);
__host__ __device__ bool operator>=(double a, const __nv_bfloat16 &b);
__host__ __device__ float &operator+=(float &a, const __nv_bfloat16 &b);
__host__ __device__ float &operator-=(float &a, const __nv_bfloat16 &b);
__host__ __device__ float &operator*=(float &a, const __nv_bfloat16 &b);
__host__ __device__ float &operator/=(float &a, const __nv_bfloat16 &b);

// Atomics on 16-bit floats (sm_70+ for the scalar forms).
__device__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *address, __nv_bfloat16 val);
__device__ __nv_bfloat16 atomicAdd_block(__nv_bfloat16 *address, __nv_bfloat16 val);
__device__ __nv_bfloat16 atomicAdd_system(__nv_bfloat16 *address, __nv_bfloat16 val);
__device__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *address, __nv_bfloat162 val);
__device__ __nv_bfloat162 atomicAdd_block(__nv_bfloat162 *address, __nv_bfloat162 val);
__device__ __nv_bfloat162 atomicAdd_system(__nv_bfloat162 *address, __nv_bfloat162 val);
__device__ __nv_bfloat16 atomicMax(__nv_bfloat16 *address, __nv_bfloat16 val);
__device__ __nv_bfloat16 atomicMin(__nv_bfloat16 *address, __nv_bfloat16 val);
__device__ __nv_bfloat16 atomicExch(__nv_bfloat16 *address, __nv_bfloat16 val);
__device__ __nv_bfloat16 atomicCAS(__nv_bfloat16 *address, __nv_bfloat16 compare, __nv_bfloat16 val);

// Warp shuffles.
__device__ __nv_bfloat16 __shfl_sync(unsigned int mask, __nv_bfloat16 var, int srcLane, int width = 32);
__device__ __nv_bfloat16 __shfl_up_sync(unsigned int mask, __nv_bfloat16 var, unsigned int delta, int width = 32);
__device__ __nv_bfloat16 __shfl_down_sync(unsigned int mask, __nv_bfloat16 var, unsigned int delta, int width = 32);
__device__ __nv_bfloat16 __shfl_xor_sync(unsigned int mask, __nv_bfloat16 var, int laneMask, int width = 32);
__device__ __nv_bfloat162 __shfl_sync(unsigned int mask, __nv_bfloat162 var, int srcLane, int width = 32);
__device__ __nv_bfloat162 __shfl_up_sync(unsigned int mask, __nv_bfloat162 var, unsigned int delta, int width = 32);
__device__ __nv_bfloat162 __shfl_down_sync(unsigned int mask, __nv_bfloat162 var, unsigned int delta, int width = 32);
__device__ __nv_bfloat162 __shfl_xor_sync(unsigned int mask, __nv_bfloat162 var, int laneMask, int width = 32);
__device__ __nv_bfloat16 __shfl(__nv_bfloat16 var, int srcLane, int width = 32);
__device__ __nv_bfloat16 __shfl_up(__nv_bfloat16 var, unsigned int delta, int width = 32);
__device__ __nv_bfloat16 __shfl_down(__nv_bfloat16 var, unsigned int delta, int width = 32);
__device__ __nv_bfloat16 __shfl_xor(__nv_bfloat16 var, int laneMask, int width = 32);
__device__ __nv_bfloat16 __ldg(const __nv_bfloat16 *ptr);
__device__ __nv_bfloat162 __ldg(const __nv_bfloat162 *ptr);

#endif // __cplusplus
#endif
