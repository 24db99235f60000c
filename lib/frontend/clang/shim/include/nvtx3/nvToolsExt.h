// kernel-tidy shim: the NVTX ranges and markers training code wraps kernel
// launches in (version 3 header; nvToolsExt.h includes it). Typed as the
// toolkit types them: test/frontend/clang/shim/toolkit_probe.cu.
#pragma once
#include <stdint.h>
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef uint64_t nvtxRangeId_t;
void nvtxMarkA(const char *message);
nvtxRangeId_t nvtxRangeStartA(const char *message);
void nvtxRangeEnd(nvtxRangeId_t id);
int nvtxRangePushA(const char *message);
int nvtxRangePop(void);
void nvtxNameOsThreadA(uint32_t threadId, const char *name);
#ifdef __cplusplus
}
#endif
#define nvtxMark nvtxMarkA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxRangePush nvtxRangePushA
#define nvtxNameOsThread nvtxNameOsThreadA
