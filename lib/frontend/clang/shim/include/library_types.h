// kernel-tidy shim: CUDA's library data types (the element types cuBLAS and
// cuBLASLt calls name), with CUDA's enum tags and values. Typed as the
// toolkit types them: test/frontend/clang/shim/toolkit_probe.cu.
#pragma once

typedef enum cudaDataType_t {
  CUDA_R_32F = 0, CUDA_R_64F = 1, CUDA_R_16F = 2, CUDA_R_8I = 3, CUDA_C_32F = 4,
  CUDA_R_8U = 8, CUDA_R_32I = 10, CUDA_R_16BF = 14,
  CUDA_R_8F_E4M3 = 28, CUDA_R_8F_UE4M3 = CUDA_R_8F_E4M3, CUDA_R_8F_E5M2 = 29
} cudaDataType;

typedef enum libraryPropertyType_t { MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL } libraryPropertyType;
