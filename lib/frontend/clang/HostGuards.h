//===- HostGuards.h - host code that bounds a kernel's extents to int32 -*- C++ -*-===//
//
// A kernel whose every launcher rejects extents past INT32_MAX cannot wrap a
// 32-bit offset: 'TORCH_CHECK(n <= INT_MAX)', 'canUse32BitIndexMath(t)',
// flashinfer's 'CheckedInt32Product({tokens, heads, dim})' before the launch
// (docs/evaluation.md, section 0: FP class "host check").
//
// Two sources, one answer:
//  - the AST of the translation unit, where the launch is in it
//    (Int32OffsetCheck::unguardedLaunch and isInt32GuardCallName here);
//  - the text of the C/C++ files of the kernel's directory, where it is not:
//    generated kernels compiled into a binding translation unit by a macro
//    include, or a launcher file analysed on its own. HostGuardIndex reads
//    each host function's body there (comments and strings blanked): the
//    identifiers it mentions, the functions it calls, and whether it holds an
//    int32 extent guard. A kernel is guarded when at least one function
//    mentions it and every such function holds a guard itself or calls a
//    function that does.
//
// Text is weaker evidence than the AST, so only guards of unambiguous
// spelling count: a comparison with INT_MAX / INT32_MAX /
// numeric_limits<int>::max() / 2147483647 / 1 << 31, or a call whose name
// says it tests 32-bit indexing ('canUse32BitIndexMath', 'CheckedInt32...').
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_HOSTGUARDS_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_HOSTGUARDS_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include <memory>
#include <string>
#include <vector>

namespace kerneltidy {

/// A function name that says it tests or enforces 32-bit indexing:
/// 'canUse32BitIndexMath', 'can_use_32bit_index_math', 'CheckedInt32Product',
/// 'check_int32_fits'.
bool isInt32GuardCallName(llvm::StringRef Name);

/// True when Text (one function body, comments and strings blanked) holds an
/// int32 extent guard of unambiguous spelling.
bool holdsInt32GuardText(llvm::StringRef Text);

class HostGuardIndex {
public:
  /// Adds one file's functions.
  void addSource(llvm::StringRef Text);
  /// At least one function (other than Kernel itself) mentions Kernel, and
  /// every one that does holds an int32 extent guard or calls a function
  /// that does.
  bool launchesAreGuarded(llvm::StringRef Kernel) const;
  size_t functionCount() const { return Functions.size(); }

  /// The index of the C/C++ files of Dir (not its subfolders), built once
  /// per process and shared by the threads that analyse its files.
  static std::shared_ptr<const HostGuardIndex>
  forDirectory(llvm::StringRef Dir);

private:
  struct FunctionText {
    std::string Name;
    bool Guard = false;
    llvm::StringSet<> Mentions;
    llvm::StringSet<> Calls;
  };
  bool guarded(const FunctionText &F) const;
  std::vector<FunctionText> Functions;
  llvm::StringMap<std::vector<size_t>> ByName;
};

} // namespace kerneltidy

#endif
