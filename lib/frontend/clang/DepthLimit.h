//===- DepthLimit.h - bounding the analyses' recursion ----------*- C++ -*-===//
//
// Generated kernels nest expressions thousands deep: 'a + a + ... + a' has no
// bracket and so no -fbracket-depth limit, and an overloaded '__half'
// operator adds several AST levels per term. The analyses walk expressions
// recursively, one stack frame (or three) per level, so such a file would
// exhaust the stack. Every recursive walk takes an AnalysisDepthGuard; past
// MaxAnalysisDepth nested levels (all walks of the thread together, since
// they call one another) the walk gives up on that subtree the conservative
// way: no access indexed, no fact, an unknown magnitude -- no finding.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_DEPTHLIMIT_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_DEPTHLIMIT_H

namespace kerneltidy {

/// Hand-written kernels nest a few dozen levels; a frame of the deepest walk
/// is under 1 KiB, so this stays far inside a thread's default 8 MiB stack
/// (and inside the 1 MiB of a small one).
constexpr unsigned MaxAnalysisDepth = 1000;

/// The nesting of the analyses' recursive walks on this thread. The driver
/// resets it after a file whose analysis crashed (a recovered crash skips
/// the guards' destructors).
inline unsigned &analysisDepth() {
  thread_local unsigned Depth = 0;
  return Depth;
}

class AnalysisDepthGuard {
public:
  AnalysisDepthGuard() { ++analysisDepth(); }
  ~AnalysisDepthGuard() { --analysisDepth(); }
  AnalysisDepthGuard(const AnalysisDepthGuard &) = delete;
  AnalysisDepthGuard &operator=(const AnalysisDepthGuard &) = delete;
  /// True past the limit: the caller returns its "don't know" answer.
  bool exceeded() const { return analysisDepth() > MaxAnalysisDepth; }
};

} // namespace kerneltidy

#endif
