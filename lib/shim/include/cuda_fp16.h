// kernel-tidy shim of cuda_fp16.h: __half, __half2 and their intrinsics.
#ifndef __KT_CUDA_FP16_H
#define __KT_CUDA_FP16_H
#include "__kernel_tidy_cuda.h"
#ifdef __cplusplus

struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };

// A 16-bit float: the checks recognise it by this class name.
struct __attribute__((aligned(2))) __half {
protected:
  unsigned short __x;

public:
  __half() = default;
  __host__ __device__ constexpr __half(const __half_raw &r) : __x(r.x) {}
  __host__ __device__ __half(float f);
  __host__ __device__ __half(double f);
  __host__ __device__ __half(short v);
  __host__ __device__ __half(unsigned short v);
  __host__ __device__ __half(int v);
  __host__ __device__ __half(unsigned int v);
  __host__ __device__ __half(long v);
  __host__ __device__ __half(unsigned long v);
  __host__ __device__ __half(long long v);
  __host__ __device__ __half(unsigned long long v);
  __host__ __device__ __half &operator=(const __half_raw &r);
  __host__ __device__ __half &operator=(float f);
  __host__ __device__ __half &operator=(double f);
  __host__ __device__ operator __half_raw() const;
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

struct __attribute__((aligned(4))) __half2 {
  __half x;
  __half y;
  __half2() = default;
  __host__ __device__ constexpr __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __host__ __device__ __half2(const __half2_raw &r);
  __host__ __device__ __half2 &operator=(const __half2_raw &r);
  __host__ __device__ operator __half2_raw() const;
};


__host__ __device__ __half operator+(const __half &a, const __half &b);
__host__ __device__ __half operator-(const __half &a, const __half &b);
__host__ __device__ __half operator*(const __half &a, const __half &b);
__host__ __device__ __half operator/(const __half &a, const __half &b);
__host__ __device__ __half &operator+=(__half &a, const __half &b);
__host__ __device__ __half &operator-=(__half &a, const __half &b);
__host__ __device__ __half &operator*=(__half &a, const __half &b);
__host__ __device__ __half &operator/=(__half &a, const __half &b);
__host__ __device__ __half &operator++(__half &a);
__host__ __device__ __half &operator--(__half &a);
__host__ __device__ __half operator++(__half &a, int);
__host__ __device__ __half operator--(__half &a, int);
__host__ __device__ __half operator+(const __half &a);
__host__ __device__ __half operator-(const __half &a);
__host__ __device__ bool operator==(const __half &a, const __half &b);
__host__ __device__ bool operator!=(const __half &a, const __half &b);
__host__ __device__ bool operator<(const __half &a, const __half &b);
__host__ __device__ bool operator>(const __half &a, const __half &b);
__host__ __device__ bool operator<=(const __half &a, const __half &b);
__host__ __device__ bool operator>=(const __half &a, const __half &b);


__host__ __device__ __half2 operator+(const __half2 &a, const __half2 &b);
__host__ __device__ __half2 operator-(const __half2 &a, const __half2 &b);
__host__ __device__ __half2 operator*(const __half2 &a, const __half2 &b);
__host__ __device__ __half2 operator/(const __half2 &a, const __half2 &b);
__host__ __device__ __half2 &operator+=(__half2 &a, const __half2 &b);
__host__ __device__ __half2 &operator-=(__half2 &a, const __half2 &b);
__host__ __device__ __half2 &operator*=(__half2 &a, const __half2 &b);
__host__ __device__ __half2 &operator/=(__half2 &a, const __half2 &b);
__host__ __device__ __half2 &operator++(__half2 &a);
__host__ __device__ __half2 &operator--(__half2 &a);
__host__ __device__ __half2 operator++(__half2 &a, int);
__host__ __device__ __half2 operator--(__half2 &a, int);
__host__ __device__ __half2 operator+(const __half2 &a);
__host__ __device__ __half2 operator-(const __half2 &a);
__host__ __device__ bool operator==(const __half2 &a, const __half2 &b);
__host__ __device__ bool operator!=(const __half2 &a, const __half2 &b);
__host__ __device__ bool operator<(const __half2 &a, const __half2 &b);
__host__ __device__ bool operator>(const __half2 &a, const __half2 &b);
__host__ __device__ bool operator<=(const __half2 &a, const __half2 &b);
__host__ __device__ bool operator>=(const __half2 &a, const __half2 &b);

typedef __half half;
typedef __half2 half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half __nv_half;
typedef __half2 __nv_half2;
#define CUDA_FP16_H_KT 1

// Conversions.
__host__ __device__ __half __float2half(const float a);
__host__ __device__ __half __float2half_rn(const float a);
__host__ __device__ __half __float2half_rz(const float a);
__host__ __device__ __half __float2half_rd(const float a);
__host__ __device__ __half __float2half_ru(const float a);
__host__ __device__ __half __double2half(const double a);
__host__ __device__ float __half2float(const __half a);
__host__ __device__ __half2 __float2half2_rn(const float a);
__host__ __device__ __half2 __floats2half2_rn(const float a, const float b);
__host__ __device__ __half2 __float22half2_rn(const float2 a);
__host__ __device__ float2 __half22float2(const __half2 a);
__host__ __device__ float __low2float(const __half2 a);
__host__ __device__ float __high2float(const __half2 a);
__host__ __device__ __half __low2half(const __half2 a);
__host__ __device__ __half __high2half(const __half2 a);
__host__ __device__ __half2 __half2half2(const __half a);
__host__ __device__ __half2 __halves2half2(const __half a, const __half b);
__host__ __device__ __half2 __low2half2(const __half2 a);
__host__ __device__ __half2 __high2half2(const __half2 a);
__host__ __device__ __half2 __lowhigh2highlow(const __half2 a);
__host__ __device__ __half2 __lows2half2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __highs2half2(const __half2 a, const __half2 b);
__host__ __device__ short __half_as_short(const __half h);
__host__ __device__ unsigned short __half_as_ushort(const __half h);
__host__ __device__ __half __short_as_half(const short i);
__host__ __device__ __half __ushort_as_half(const unsigned short i);
__host__ __device__ int __half2int_rn(const __half h);
__host__ __device__ int __half2int_rz(const __half h);
__host__ __device__ unsigned int __half2uint_rn(const __half h);
__host__ __device__ long long __half2ll_rn(const __half h);
__host__ __device__ short __half2short_rn(const __half h);
__host__ __device__ __half __int2half_rn(const int i);
__host__ __device__ __half __uint2half_rn(const unsigned int i);
__host__ __device__ __half __short2half_rn(const short i);
__host__ __device__ __half __ll2half_rn(const long long i);
__host__ __device__ __half __ull2half_rn(const unsigned long long i);
__host__ __device__ __half __ushort2half_rn(const unsigned short i);

// Arithmetic and comparison intrinsics.
#define __KT_HALF_BINARY(name) \
  __host__ __device__ __half name(const __half a, const __half b); \
  __host__ __device__ __half2 name##2(const __half2 a, const __half2 b);
__KT_HALF_BINARY(__hadd)
__KT_HALF_BINARY(__hsub)
__KT_HALF_BINARY(__hmul)
__KT_HALF_BINARY(__hadd_sat)
__KT_HALF_BINARY(__hsub_sat)
__KT_HALF_BINARY(__hmul_sat)
__KT_HALF_BINARY(__hadd_rn)
__KT_HALF_BINARY(__hmul_rn)
__KT_HALF_BINARY(__hmax)
__KT_HALF_BINARY(__hmin)
__KT_HALF_BINARY(__hmax_nan)
__KT_HALF_BINARY(__hmin_nan)
#undef __KT_HALF_BINARY
__host__ __device__ __half __hdiv(const __half a, const __half b);
__host__ __device__ __half2 __h2div(const __half2 a, const __half2 b);
__host__ __device__ __half __hfma(const __half a, const __half b, const __half c);
__host__ __device__ __half2 __hfma2(const __half2 a, const __half2 b, const __half2 c);
__host__ __device__ __half __hfma_sat(const __half a, const __half b, const __half c);
__host__ __device__ __half2 __hfma2_sat(const __half2 a, const __half2 b, const __half2 c);
__host__ __device__ __half __hneg(const __half a);
__host__ __device__ __half2 __hneg2(const __half2 a);
__host__ __device__ __half __habs(const __half a);
__host__ __device__ __half2 __habs2(const __half2 a);
__host__ __device__ bool __heq(const __half a, const __half b);
__host__ __device__ bool __hne(const __half a, const __half b);
__host__ __device__ bool __hlt(const __half a, const __half b);
__host__ __device__ bool __hle(const __half a, const __half b);
__host__ __device__ bool __hgt(const __half a, const __half b);
__host__ __device__ bool __hge(const __half a, const __half b);
__host__ __device__ bool __hisnan(const __half a);
__host__ __device__ int __hisinf(const __half a);
__host__ __device__ __half2 __heq2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hlt2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hgt2(const __half2 a, const __half2 b);
__host__ __device__ bool __hbeq2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hisnan2(const __half2 a);
__device__ __half hexp(const __half a);
__device__ __half hexp2(const __half a);
__device__ __half hlog(const __half a);
__device__ __half hlog2(const __half a);
__device__ __half hsqrt(const __half a);
__device__ __half hrsqrt(const __half a);
__device__ __half hrcp(const __half a);
__device__ __half hsin(const __half a);
__device__ __half hcos(const __half a);
__device__ __half htanh(const __half a);
__device__ __half hfloor(const __half a);
__device__ __half hceil(const __half a);
__device__ __half htrunc(const __half a);
__device__ __half hrint(const __half a);
__device__ __half2 h2exp(const __half2 a);
__device__ __half2 h2log(const __half2 a);
__device__ __half2 h2sqrt(const __half2 a);
__device__ __half2 h2rsqrt(const __half2 a);
__device__ __half2 h2rcp(const __half2 a);
__device__ __half2 h2sin(const __half2 a);
__device__ __half2 h2cos(const __half2 a);


// Mixed arithmetic, as c10::Half has it (CUDA itself leaves these
// ambiguous; a linter has no reason to reject them): with an integer the
// result stays 16-bit, with float or double it widens.
__host__ __device__ __half operator+(const __half &a, int b);
__host__ __device__ __half operator+(int a, const __half &b);
__host__ __device__ __half operator+(const __half &a, unsigned int b);
__host__ __device__ __half operator+(unsigned int a, const __half &b);
__host__ __device__ __half operator+(const __half &a, long b);
__host__ __device__ __half operator+(long a, const __half &b);
__host__ __device__ __half operator+(const __half &a, unsigned long b);
__host__ __device__ __half operator+(unsigned long a, const __half &b);
__host__ __device__ __half operator+(const __half &a, long long b);
__host__ __device__ __half operator+(long long a, const __half &b);
__host__ __device__ __half operator+(const __half &a, unsigned long long b);
__host__ __device__ __half operator+(unsigned long long a, const __half &b);
__host__ __device__ float operator+(const __half &a, float b);
__host__ __device__ float operator+(float a, const __half &b);
__host__ __device__ double operator+(const __half &a, double b);
__host__ __device__ double operator+(double a, const __half &b);
__host__ __device__ __half operator-(const __half &a, int b);
__host__ __device__ __half operator-(int a, const __half &b);
__host__ __device__ __half operator-(const __half &a, unsigned int b);
__host__ __device__ __half operator-(unsigned int a, const __half &b);
__host__ __device__ __half operator-(const __half &a, long b);
__host__ __device__ __half operator-(long a, const __half &b);
__host__ __device__ __half operator-(const __half &a, unsigned long b);
__host__ __device__ __half operator-(unsigned long a, const __half &b);
__host__ __device__ __half operator-(const __half &a, long long b);
__host__ __device__ __half operator-(long long a, const __half &b);
__host__ __device__ __half operator-(const __half &a, unsigned long long b);
__host__ __device__ __half operator-(unsigned long long a, const __half &b);
__host__ __device__ float operator-(const __half &a, float b);
__host__ __device__ float operator-(float a, const __half &b);
__host__ __device__ double operator-(const __half &a, double b);
__host__ __device__ double operator-(double a, const __half &b);
__host__ __device__ __half operator*(const __half &a, int b);
__host__ __device__ __half operator*(int a, const __half &b);
__host__ __device__ __half operator*(const __half &a, unsigned int b);
__host__ __device__ __half operator*(unsigned int a, const __half &b);
__host__ __device__ __half operator*(const __half &a, long b);
__host__ __device__ __half operator*(long a, const __half &b);
__host__ __device__ __half operator*(const __half &a, unsigned long b);
__host__ __device__ __half operator*(unsigned long a, const __half &b);
__host__ __device__ __half operator*(const __half &a, long long b);
__host__ __device__ __half operator*(long long a, const __half &b);
__host__ __device__ __half operator*(const __half &a, unsigned long long b);
__host__ __device__ __half operator*(unsigned long long a, const __half &b);
__host__ __device__ float operator*(const __half &a, float b);
__host__ __device__ float operator*(float a, const __half &b);
__host__ __device__ double operator*(const __half &a, double b);
__host__ __device__ double operator*(double a, const __half &b);
__host__ __device__ __half operator/(const __half &a, int b);
__host__ __device__ __half operator/(int a, const __half &b);
__host__ __device__ __half operator/(const __half &a, unsigned int b);
__host__ __device__ __half operator/(unsigned int a, const __half &b);
__host__ __device__ __half operator/(const __half &a, long b);
__host__ __device__ __half operator/(long a, const __half &b);
__host__ __device__ __half operator/(const __half &a, unsigned long b);
__host__ __device__ __half operator/(unsigned long a, const __half &b);
__host__ __device__ __half operator/(const __half &a, long long b);
__host__ __device__ __half operator/(long long a, const __half &b);
__host__ __device__ __half operator/(const __half &a, unsigned long long b);
__host__ __device__ __half operator/(unsigned long long a, const __half &b);
__host__ __device__ float operator/(const __half &a, float b);
__host__ __device__ float operator/(float a, const __half &b);
__host__ __device__ double operator/(const __half &a, double b);
__host__ __device__ double operator/(double a, const __half &b);
__host__ __device__ bool operator==(const __half &a, int b);
__host__ __device__ bool operator==(int a, const __half &b);
__host__ __device__ bool operator==(const __half &a, long b);
__host__ __device__ bool operator==(long a, const __half &b);
__host__ __device__ bool operator==(const __half &a, long long b);
__host__ __device__ bool operator==(long long a, const __half &b);
__host__ __device__ bool operator==(const __half &a, float b);
__host__ __device__ bool operator==(float a, const __half &b);
__host__ __device__ bool operator==(const __half &a, double b);
__host__ __device__ bool operator==(double a, const __half &b);
__host__ __device__ bool operator!=(const __half &a, int b);
__host__ __device__ bool operator!=(int a, const __half &b);
__host__ __device__ bool operator!=(const __half &a, long b);
__host__ __device__ bool operator!=(long a, const __half &b);
__host__ __device__ bool operator!=(const __half &a, long long b);
__host__ __device__ bool operator!=(long long a, const __half &b);
__host__ __device__ bool operator!=(const __half &a, float b);
__host__ __device__ bool operator!=(float a, const __half &b);
__host__ __device__ bool operator!=(const __half &a, double b);
__host__ __device__ bool operator!=(double a, const __half &b);
__host__ __device__ bool operator<(const __half &a, int b);
__host__ __device__ bool operator<(int a, const __half &b);
__host__ __device__ bool operator<(const __half &a, long b);
__host__ __device__ bool operator<(long a, const __half &b);
__host__ __device__ bool operator<(const __half &a, long long b);
__host__ __device__ bool operator<(long long a, const __half &b);
__host__ __device__ bool operator<(const __half &a, float b);
__host__ __device__ bool operator<(float a, const __half &b);
__host__ __device__ bool operator<(const __half &a, double b);
__host__ __device__ bool operator<(double a, const __half &b);
__host__ __device__ bool operator>(const __half &a, int b);
__host__ __device__ bool operator>(int a, const __half &b);
__host__ __device__ bool operator>(const __half &a, long b);
__host__ __device__ bool operator>(long a, const __half &b);
__host__ __device__ bool operator>(const __half &a, long long b);
__host__ __device__ bool operator>(long long a, const __half &b);
__host__ __device__ bool operator>(const __half &a, float b);
__host__ __device__ bool operator>(float a, const __half &b);
__host__ __device__ bool operator>(const __half &a, double b);
__host__ __device__ bool operator>(double a, const __half &b);
__host__ __device__ bool operator<=(const __half &a, int b);
__host__ __device__ bool operator<=(int a, const __half &b);
__host__ __device__ bool operator<=(const __half &a, long b);
__host__ __device__ bool operator<=(long a, const __half &b);
__host__ __device__ bool operator<=(const __half &a, long long b);
__host__ __device__ bool operator<=(long long a, const __half &b);
__host__ __device__ bool operator<=(const __half &a, float b);
__host__ __device__ bool operator<=(float a, const __half &b);
__host__ __device__ bool operator<=(const __half &a, double b);
__host__ __device__ bool operator<=(double a, const __half &b);
__host__ __device__ bool operator>=(const __half &a, int b);
__host__ __device__ bool operator>=(int a, const __half &b);
__host__ __device__ bool operator>=(const __half &a, long b);
__host__ __device__ bool operator>=(long a, const __half &b);
__host__ __device__ bool operator>=(const __half &a, long long b);
__host__ __device__ bool operator>=(long long a, const __half &b);
__host__ __device__ bool operator>=(const __half &a, float b);
__host__ __device__ bool operator>=(float a, const __half &b);
__host__ __device__ bool operator>=(const __half &a, double b);
__host__ __device__ bool operator>=(double a, const __half &b);
__host__ __device__ float &operator+=(float &a, const __half &b);
__host__ __device__ float &operator-=(float &a, const __half &b);
__host__ __device__ float &operator*=(float &a, const __half &b);
__host__ __device__ float &operator/=(float &a, const __half &b);

// Atomics on 16-bit floats (sm_70+ for the scalar forms).
__device__ __half atomicAdd(__half *address, __half val);
__device__ __half atomicAdd_block(__half *address, __half val);
__device__ __half atomicAdd_system(__half *address, __half val);
__device__ __half2 atomicAdd(__half2 *address, __half2 val);
__device__ __half2 atomicAdd_block(__half2 *address, __half2 val);
__device__ __half2 atomicAdd_system(__half2 *address, __half2 val);
__device__ __half atomicMax(__half *address, __half val);
__device__ __half atomicMin(__half *address, __half val);
__device__ __half atomicExch(__half *address, __half val);
__device__ __half atomicCAS(__half *address, __half compare, __half val);

// Warp shuffles.
__device__ __half __shfl_sync(unsigned int mask, __half var, int srcLane, int width = 32);
__device__ __half __shfl_up_sync(unsigned int mask, __half var, unsigned int delta, int width = 32);
__device__ __half __shfl_down_sync(unsigned int mask, __half var, unsigned int delta, int width = 32);
__device__ __half __shfl_xor_sync(unsigned int mask, __half var, int laneMask, int width = 32);
__device__ __half2 __shfl_sync(unsigned int mask, __half2 var, int srcLane, int width = 32);
__device__ __half2 __shfl_up_sync(unsigned int mask, __half2 var, unsigned int delta, int width = 32);
__device__ __half2 __shfl_down_sync(unsigned int mask, __half2 var, unsigned int delta, int width = 32);
__device__ __half2 __shfl_xor_sync(unsigned int mask, __half2 var, int laneMask, int width = 32);
__device__ __half __shfl(__half var, int srcLane, int width = 32);
__device__ __half __shfl_up(__half var, unsigned int delta, int width = 32);
__device__ __half __shfl_down(__half var, unsigned int delta, int width = 32);
__device__ __half __shfl_xor(__half var, int laneMask, int width = 32);
__device__ __half __ldg(const __half *ptr);
__device__ __half2 __ldg(const __half2 *ptr);

#endif // __cplusplus
#endif
