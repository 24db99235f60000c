// kernel-tidy shim: Clang's sm_70 intrinsics include this; nothing needed.
#pragma once
