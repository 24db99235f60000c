// CUDA's vector types (vector_types.h) and their make_* helpers, plus dim3.
#ifndef __KERNEL_TIDY_CUDA_TYPES_H
#define __KERNEL_TIDY_CUDA_TYPES_H

struct __attribute__((aligned(1))) char1 { char x; };
static __inline__ __host__ __device__ char1 make_char1(char x) { char1 t = {x}; return t; }
struct __attribute__((aligned(2))) char2 { char x, y; };
static __inline__ __host__ __device__ char2 make_char2(char x, char y) { char2 t = {x, y}; return t; }
struct __attribute__((aligned(1))) char3 { char x, y, z; };
static __inline__ __host__ __device__ char3 make_char3(char x, char y, char z) { char3 t = {x, y, z}; return t; }
struct __attribute__((aligned(4))) char4 { char x, y, z, w; };
static __inline__ __host__ __device__ char4 make_char4(char x, char y, char z, char w) { char4 t = {x, y, z, w}; return t; }
struct __attribute__((aligned(1))) uchar1 { unsigned char x; };
static __inline__ __host__ __device__ uchar1 make_uchar1(unsigned char x) { uchar1 t = {x}; return t; }
struct __attribute__((aligned(2))) uchar2 { unsigned char x, y; };
static __inline__ __host__ __device__ uchar2 make_uchar2(unsigned char x, unsigned char y) { uchar2 t = {x, y}; return t; }
struct __attribute__((aligned(1))) uchar3 { unsigned char x, y, z; };
static __inline__ __host__ __device__ uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z) { uchar3 t = {x, y, z}; return t; }
struct __attribute__((aligned(4))) uchar4 { unsigned char x, y, z, w; };
static __inline__ __host__ __device__ uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w) { uchar4 t = {x, y, z, w}; return t; }
struct __attribute__((aligned(2))) short1 { short x; };
static __inline__ __host__ __device__ short1 make_short1(short x) { short1 t = {x}; return t; }
struct __attribute__((aligned(4))) short2 { short x, y; };
static __inline__ __host__ __device__ short2 make_short2(short x, short y) { short2 t = {x, y}; return t; }
struct __attribute__((aligned(2))) short3 { short x, y, z; };
static __inline__ __host__ __device__ short3 make_short3(short x, short y, short z) { short3 t = {x, y, z}; return t; }
struct __attribute__((aligned(8))) short4 { short x, y, z, w; };
static __inline__ __host__ __device__ short4 make_short4(short x, short y, short z, short w) { short4 t = {x, y, z, w}; return t; }
struct __attribute__((aligned(2))) ushort1 { unsigned short x; };
static __inline__ __host__ __device__ ushort1 make_ushort1(unsigned short x) { ushort1 t = {x}; return t; }
struct __attribute__((aligned(4))) ushort2 { unsigned short x, y; };
static __inline__ __host__ __device__ ushort2 make_ushort2(unsigned short x, unsigned short y) { ushort2 t = {x, y}; return t; }
struct __attribute__((aligned(2))) ushort3 { unsigned short x, y, z; };
static __inline__ __host__ __device__ ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z) { ushort3 t = {x, y, z}; return t; }
struct __attribute__((aligned(8))) ushort4 { unsigned short x, y, z, w; };
static __inline__ __host__ __device__ ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w) { ushort4 t = {x, y, z, w}; return t; }
struct __attribute__((aligned(4))) int1 { int x; };
static __inline__ __host__ __device__ int1 make_int1(int x) { int1 t = {x}; return t; }
struct __attribute__((aligned(8))) int2 { int x, y; };
static __inline__ __host__ __device__ int2 make_int2(int x, int y) { int2 t = {x, y}; return t; }
struct __attribute__((aligned(4))) int3 { int x, y, z; };
static __inline__ __host__ __device__ int3 make_int3(int x, int y, int z) { int3 t = {x, y, z}; return t; }
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
static __inline__ __host__ __device__ int4 make_int4(int x, int y, int z, int w) { int4 t = {x, y, z, w}; return t; }
struct __attribute__((aligned(4))) uint1 { unsigned int x; };
static __inline__ __host__ __device__ uint1 make_uint1(unsigned int x) { uint1 t = {x}; return t; }
struct __attribute__((aligned(8))) uint2 { unsigned int x, y; };
static __inline__ __host__ __device__ uint2 make_uint2(unsigned int x, unsigned int y) { uint2 t = {x, y}; return t; }
struct __attribute__((aligned(4))) uint3 { unsigned int x, y, z; };
static __inline__ __host__ __device__ uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) { uint3 t = {x, y, z}; return t; }
struct __attribute__((aligned(16))) uint4 { unsigned int x, y, z, w; };
static __inline__ __host__ __device__ uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w) { uint4 t = {x, y, z, w}; return t; }
struct __attribute__((aligned(8))) long1 { long x; };
static __inline__ __host__ __device__ long1 make_long1(long x) { long1 t = {x}; return t; }
struct __attribute__((aligned(16))) long2 { long x, y; };
static __inline__ __host__ __device__ long2 make_long2(long x, long y) { long2 t = {x, y}; return t; }
struct __attribute__((aligned(8))) long3 { long x, y, z; };
static __inline__ __host__ __device__ long3 make_long3(long x, long y, long z) { long3 t = {x, y, z}; return t; }
struct __attribute__((aligned(16))) long4 { long x, y, z, w; };
static __inline__ __host__ __device__ long4 make_long4(long x, long y, long z, long w) { long4 t = {x, y, z, w}; return t; }
struct __attribute__((aligned(8))) ulong1 { unsigned long x; };
static __inline__ __host__ __device__ ulong1 make_ulong1(unsigned long x) { ulong1 t = {x}; return t; }
struct __attribute__((aligned(16))) ulong2 { unsigned long x, y; };
static __inline__ __host__ __device__ ulong2 make_ulong2(unsigned long x, unsigned long y) { ulong2 t = {x, y}; return t; }
struct __attribute__((aligned(8))) ulong3 { unsigned long x, y, z; };
static __inline__ __host__ __device__ ulong3 make_ulong3(unsigned long x, unsigned long y, unsigned long z) { ulong3 t = {x, y, z}; return t; }
struct __attribute__((aligned(16))) ulong4 { unsigned long x, y, z, w; };
static __inline__ __host__ __device__ ulong4 make_ulong4(unsigned long x, unsigned long y, unsigned long z, unsigned long w) { ulong4 t = {x, y, z, w}; return t; }
struct __attribute__((aligned(8))) longlong1 { long long x; };
static __inline__ __host__ __device__ longlong1 make_longlong1(long long x) { longlong1 t = {x}; return t; }
struct __attribute__((aligned(16))) longlong2 { long long x, y; };
static __inline__ __host__ __device__ longlong2 make_longlong2(long long x, long long y) { longlong2 t = {x, y}; return t; }
struct __attribute__((aligned(8))) longlong3 { long long x, y, z; };
static __inline__ __host__ __device__ longlong3 make_longlong3(long long x, long long y, long long z) { longlong3 t = {x, y, z}; return t; }
struct __attribute__((aligned(16))) longlong4 { long long x, y, z, w; };
static __inline__ __host__ __device__ longlong4 make_longlong4(long long x, long long y, long long z, long long w) { longlong4 t = {x, y, z, w}; return t; }
struct __attribute__((aligned(8))) ulonglong1 { unsigned long long x; };
static __inline__ __host__ __device__ ulonglong1 make_ulonglong1(unsigned long long x) { ulonglong1 t = {x}; return t; }
struct __attribute__((aligned(16))) ulonglong2 { unsigned long long x, y; };
static __inline__ __host__ __device__ ulonglong2 make_ulonglong2(unsigned long long x, unsigned long long y) { ulonglong2 t = {x, y}; return t; }
struct __attribute__((aligned(8))) ulonglong3 { unsigned long long x, y, z; };
static __inline__ __host__ __device__ ulonglong3 make_ulonglong3(unsigned long long x, unsigned long long y, unsigned long long z) { ulonglong3 t = {x, y, z}; return t; }
struct __attribute__((aligned(16))) ulonglong4 { unsigned long long x, y, z, w; };
static __inline__ __host__ __device__ ulonglong4 make_ulonglong4(unsigned long long x, unsigned long long y, unsigned long long z, unsigned long long w) { ulonglong4 t = {x, y, z, w}; return t; }
struct __attribute__((aligned(4))) float1 { float x; };
static __inline__ __host__ __device__ float1 make_float1(float x) { float1 t = {x}; return t; }
struct __attribute__((aligned(8))) float2 { float x, y; };
static __inline__ __host__ __device__ float2 make_float2(float x, float y) { float2 t = {x, y}; return t; }
struct __attribute__((aligned(4))) float3 { float x, y, z; };
static __inline__ __host__ __device__ float3 make_float3(float x, float y, float z) { float3 t = {x, y, z}; return t; }
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
static __inline__ __host__ __device__ float4 make_float4(float x, float y, float z, float w) { float4 t = {x, y, z, w}; return t; }
struct __attribute__((aligned(8))) double1 { double x; };
static __inline__ __host__ __device__ double1 make_double1(double x) { double1 t = {x}; return t; }
struct __attribute__((aligned(16))) double2 { double x, y; };
static __inline__ __host__ __device__ double2 make_double2(double x, double y) { double2 t = {x, y}; return t; }
struct __attribute__((aligned(8))) double3 { double x, y, z; };
static __inline__ __host__ __device__ double3 make_double3(double x, double y, double z) { double3 t = {x, y, z}; return t; }
struct __attribute__((aligned(16))) double4 { double x, y, z, w; };
static __inline__ __host__ __device__ double4 make_double4(double x, double y, double z, double w) { double4 t = {x, y, z, w}; return t; }

// The vector types above are spelt out, one declaration a line, rather than
// generated by a macro: notes and exported fixes quote the fields of 'uint3'
// (threadIdx, blockIdx) by line, column and offset in this file.
struct uint3;
struct dim3 {
  unsigned int x, y, z;
#ifdef __cplusplus
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
#endif
};
typedef struct dim3 dim3;
#endif
