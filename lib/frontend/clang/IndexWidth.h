//===- IndexWidth.h - how wide a kernel's indices are -----------*- C++ -*-===//
//
// The "index-width policy" of a kernel: the integer width in which it
// computes its offsets into global memory, and who decides it.
//
//   Fixed32          every offset is computed in a 32-bit type ('int',
//                    'uint32_t', 'unsigned')
//   Fixed64          some offset is computed in a 64-bit type
//   Dispatched       offsets use a template type parameter ('index_t') that
//                    is instantiated with both a 32- and a 64-bit type (the
//                    host picks one per launch: 'canUse32BitIndexMath',
//                    'numel() > INT_MAX', 'AT_DISPATCH_INDEX_TYPES')
//   Templated32      templated, but only ever instantiated with 32 bits
//   Templated64      templated, only instantiated with 64 bits
//   TemplatedUnseen  templated, no instantiation visible here
//
// Orthogonal to the policy, a kernel is "host-guarded" when each of its
// launches follows (or sits inside) a size check that keeps its tensors
// within 32-bit range (TORCH_CHECK/assert/if on canUse32BitIndexMath or a
// comparison with INT_MAX, UINT32_MAX, numeric_limits<int32_t>::max()).
//
// Kernels are '__global__' functions and kernel functors (classes whose
// 'operator()' is '__device__' or takes a SYCL item); functors count as
// launched where a host call passes one by value.
//
// This file also holds the process-wide store of per-kernel summaries that
// lets a whole-run driver compare kernels of different translation units.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_INDEXWIDTH_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_INDEXWIDTH_H

#include "lib/report/Finding.h"
#include "lib/model/OperationFamilies.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <string>
#include <vector>

namespace kerneltidy {

enum class IndexWidthPolicy {
  None, // no global-memory offset seen
  Fixed32,
  Fixed64,
  Dispatched,
  Templated32,
  Templated64,
  TemplatedUnseen,
};

llvm::StringRef indexWidthPolicyName(IndexWidthPolicy P);
/// Can address tensors past 2^31 elements on some launch.
bool isWideIndexPolicy(IndexWidthPolicy P);
/// Addresses in 32 bits on every launch.
bool isNarrowIndexPolicy(IndexWidthPolicy P);

/// The width of an integer type used as an index (0 when T is not one).
unsigned integerIndexWidth(clang::QualType T, const clang::ASTContext &Ctx);

/// What the offsets of one kernel body look like. The body is the template
/// pattern for templated kernels, so template parameters stay visible.
struct KernelOffsetWidths {
  /// First offset computed in a 32-bit type, and the declaration that gives
  /// it that type (a local or parameter; null when none is a plain variable).
  const clang::Expr *Narrow = nullptr;
  const clang::ValueDecl *NarrowDecl = nullptr;
  clang::QualType NarrowType;
  /// First offset computed in a 64-bit type.
  const clang::Expr *Wide = nullptr;
  const clang::ValueDecl *WideDecl = nullptr;
  clang::QualType WideType;
  /// First offset whose type is a template type parameter of the kernel
  /// (or of its enclosing class template, for functors).
  const clang::Expr *Templated = nullptr;
  const clang::TemplateTypeParmDecl *IndexParam = nullptr;
  unsigned IndexParamDepth = 0;
  unsigned IndexParamIndex = 0;
};

/// Visits Body for offsets into global memory: the address uses of
/// Magnitude.h ('p[i]', 'p + i', 'p += i', accessor 'a[i]') whose base is no
/// local or shared array. Offsets whose magnitude does not scale with a
/// tensor (constants, threadIdx) are ignored; a 64-bit offset of unknown
/// magnitude still counts as wide. Offsets typed by a template parameter
/// are found syntactically (the magnitude analysis skips dependent code).
///
/// Body is the kernel's template pattern (or its only definition);
/// Instance, when given, one instantiation of it: its non-dependent offsets
/// are typed there, where 'scalar_t *p; p + i' is no longer an unresolved
/// operator call.
KernelOffsetWidths collectKernelOffsetWidths(const clang::FunctionDecl *Body,
                                     const clang::FunctionDecl *Instance,
                                     clang::ASTContext &Ctx);

/// True when E is (or contains) a test that a size fits 32-bit indexing
/// (isSizeLimitTest of Magnitude.h: 'canUse32BitIndexMath', a comparison
/// with INT_MAX, UINT32_MAX, numeric_limits<int32_t>::max()).
bool containsSizeLimitCheck(const clang::Expr *E, clang::ASTContext &Ctx);

/// The condition of the nearest if/switch/?: around S (within its function,
/// through lambdas) that contains a size-limit check, or null.
const clang::Expr *enclosingSizeCheck(const clang::Stmt *S,
                                      clang::ASTContext &Ctx);

/// A size-limit check in Host that precedes S and is no launch's dispatch
/// (its enclosing if/switch/?: holds no kernel launch): a TORCH_CHECK,
/// assert or early-return guard. Null when none.
const clang::Expr *precedingSizeGuard(const clang::Stmt *S,
                                      const clang::FunctionDecl *Host,
                                      clang::ASTContext &Ctx);

/// The name of an index-type dispatch macro (AT_DISPATCH_INDEX_TYPES or one
/// whose name contains DISPATCH_INDEX) that Loc was expanded from, or "".
std::string indexDispatchMacroAt(clang::SourceLocation Loc,
                                 const clang::SourceManager &SM);

/// The named function S is in, looking through lambdas (a launch inside an
/// AT_DISPATCH lambda belongs to the function around the macro). For
/// template instantiations, the template pattern.
const clang::FunctionDecl *enclosingHostFunction(const clang::Stmt *S,
                                                 clang::ASTContext &Ctx);

/// A class whose 'operator()' is '__device__' or takes a SYCL item
/// ('nd_item', 'item', 'id', 'group'); lambdas excluded. Returns that
/// operator's definition, or null.
const clang::CXXMethodDecl *
kernelFunctorCallOperator(const clang::CXXRecordDecl *RD);

/// The definition a kernel is analysed as: the template pattern's
/// definition for instantiations (see kernelPattern in KernelDiscovery.h),
/// the definition for declarations; null when there is none here.
const clang::FunctionDecl *kernelDefinition(const clang::FunctionDecl *FD);
const clang::CXXRecordDecl *functorPattern(const clang::CXXRecordDecl *RD);

//===----------------------------------------------------------------------===//
// Process-wide summaries for cross-file decisions.
//===----------------------------------------------------------------------===//

/// One kernel as one translation unit saw it. Positions name files as the
/// translation unit's SourceManager does (absolute paths in the CLI).
struct KernelWidthSummary {
  std::string Kernel;
  std::string KernelKind; // "kernel" or "kernel functor"
  IndexWidthPolicy Policy = IndexWidthPolicy::None;
  bool HostGuarded = false;
  /// Narrow: the 32-bit type ('uint32_t') or the 32-bit instantiation
  /// ("'int' for 'index_t'"); wide: the 64-bit type or the template
  /// parameter name.
  std::string IndexType;
  std::string IndexParam;        // template parameter name, if templated
  std::string WideInstantiation; // e.g. "long", for dispatched kernels
  SourcePosition Site;           // offending declaration / launch
  SourcePosition KernelDecl;     // the kernel's name
  SourcePosition WideSite;       // for wide kernels: where it is wide
  std::string WideSiteNote;
  bool HasDispatch = false;
  SourcePosition Dispatch; // size check or 64-bit launch
  std::string DispatchNote;
  std::vector<FamilyTag> Families; // Name and Launcher tags only
  std::string TranslationUnit;     // main file of the TU that saw it
  /// The project files of that translation unit: its main file and every
  /// header it included that was found on disk (not system headers, the
  /// shim, or the empty stand-ins of missing headers). Two translation
  /// units that share one belong to one program (issue 26).
  std::vector<std::string> ProgramFiles;
  bool Suppressed = false;         // NOLINT for the check at Site
  bool ReportedInTranslationUnit = false;
};

void appendKernelWidthSummaries(std::vector<KernelWidthSummary> Summaries);
/// Returns every summary recorded since the last take/clear, and clears.
std::vector<KernelWidthSummary> takeKernelWidthSummaries();
void clearKernelWidthSummaries();

} // namespace kerneltidy

#endif
