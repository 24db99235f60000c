# Found by libFuzzer (kt_fuzz_triton, ASan+UBSan build): a parameter's annotation naming a
# later parameter read that parameter's facts before the analysis had filled them (a read
# past the end of FunctionAnalysis::Params; UBSan: "load of value 81, which is not a valid
# value for type 'bool'"). Python evaluates annotations in the enclosing scope, so the name
# now resolves at module level.
import triton
import triton.language as tl


@triton.jit
def annotated_by_later_parameter(x_ptr, n: m * stride + m, m, stride, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs * stride, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
