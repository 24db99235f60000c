# Runs one harness test under compute-sanitizer memcheck and checks the report.
#   SANITIZER, BINARY, FILTER: what to run
#   EXPECT_ERRORS: 1 when an invalid global write must be reported, 0 when the
#                  report must be clean
# Prints KT-SKIP (ctest's skip pattern) when the test itself was skipped or no
# device could be used.
execute_process(
  COMMAND ${SANITIZER} --tool memcheck --error-exitcode 86
          ${BINARY} --gtest_filter=${FILTER}
  RESULT_VARIABLE rc
  OUTPUT_VARIABLE out
  ERROR_VARIABLE out)
message("${out}")
if(out MATCHES "\\[  SKIPPED \\]" OR out MATCHES "no CUDA-capable device"
   OR out MATCHES "Device not supported")
  message("KT-SKIP: ${FILTER} did not run on a GPU")
  return()
endif()
if(EXPECT_ERRORS)
  if(NOT rc EQUAL 86 OR NOT out MATCHES "Invalid __global__ write")
    message(FATAL_ERROR "expected memcheck to report an invalid global write "
                        "in ${FILTER} (exit ${rc})")
  endif()
else()
  if(NOT rc EQUAL 0 OR NOT out MATCHES "ERROR SUMMARY: 0 errors")
    message(FATAL_ERROR "expected a clean memcheck report for ${FILTER} "
                        "(exit ${rc})")
  endif()
endif()
