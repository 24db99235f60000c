// kernel-tidy stand-in for torch-xpu-ops <comm/Macros.h> (used only when the
// real header is missing).
#pragma once
#ifndef DISABLE_RETURN_TYPE_WARNING_BEGIN
#define DISABLE_RETURN_TYPE_WARNING_BEGIN
#define DISABLE_RETURN_TYPE_WARNING_END
#endif
