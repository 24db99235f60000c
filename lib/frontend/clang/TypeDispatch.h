//===- TypeDispatch.h - concrete types of template type parameters -*- C++ -*-===//
//
// Kernels are usually templates over their element type ('scalar_t') or index
// type ('index_t'), and whether a kernel body is hazardous often depends on
// which concrete types that parameter takes. This analysis answers "which
// types can template type parameter P be?" for a whole translation unit,
// from three kinds of evidence:
//
//  - instantiations Clang performed: explicit instantiations
//    ('template __global__ void k<__half>(__half *);'), launch and call sites
//    with concrete arguments ('k<__half><<<g, b>>>(...)'), and dispatch macros
//    whose expansion binds a concrete type (the real ATen headers);
//  - dispatch macro invocations (AT_DISPATCH_FLOATING_TYPES_AND_HALF,
//    AT_DISPATCH_FLOATING_TYPES_AND2(Half, BFloat16, ...), AT_DISPATCH_V2,
//    AT_DISPATCH_INDEX_TYPES, ...), read from their spelling, so that they
//    count even where the expansion is only a stand-in (no-build mode): a
//    template argument spelled with the macro's bound name ('scalar_t',
//    'index_t') inside the invocation takes every type the macro lists;
//  - forwarding: 'k<T>' written inside template 'f<T>' gives k's parameter
//    every type f's parameter can take.
//
// It also names the 16-bit floating types (fp16 and bf16 in their CUDA, HIP,
// PyTorch, SYCL and builtin spellings).
//
// Nothing here names a check: kernel-narrow-accumulation asks whether
// 'scalar_t' can be 16-bit; an index-width analysis can ask what 'index_t' is.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_TYPEDISPATCH_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_TYPEDISPATCH_H

#include "clang/AST/Type.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class Preprocessor;
class TemplateTypeParmDecl;
} // namespace clang

namespace kerneltidy {

//===-- 16-bit floating types ---------------------------------------------===//

enum class Float16Kind {
  None,
  Half,     ///< IEEE binary16: max 65504, 11 significant bits
  BFloat16, ///< bfloat16: fp32's range, 8 significant bits
};

/// The 16-bit floating kind of T (through typedefs, cv-qualifiers and
/// references; not through pointers or arrays): '__half', '__half2',
/// '__nv_bfloat16', '__nv_bfloat162', '__hip_bfloat16', 'at::Half',
/// 'c10::BFloat16', 'sycl::half', 'sycl::ext::oneapi::bfloat16',
/// 'Eigen::half', 'cutlass::half_t', '_Float16', '__fp16', '__bf16'.
/// Packed pairs ('__half2') count: each lane accumulates in 16 bits.
Float16Kind float16KindOf(clang::QualType T);
inline bool isFloat16Type(clang::QualType T) {
  return float16KindOf(T) != Float16Kind::None;
}

/// The same for a spelled type name as it appears in a dispatch macro or a
/// printed type: "at::Half", "c10::BFloat16", "kHalf", "ScalarType::Half",
/// "__nv_bfloat16", "sycl::half".
Float16Kind float16KindOfName(llvm::StringRef Spelling);

/// "fp16" or "bf16"; "" for None.
llvm::StringRef float16KindName(Float16Kind K);

/// True for builtin floating types wider than 16 bits (float, double, long
/// double, __float128).
bool isWideFloatingType(clang::QualType T);

//===-- Dispatch macros ----------------------------------------------------===//

/// One invocation of a type-dispatch macro, as spelled in the source.
struct DispatchSite {
  std::string MacroName;          ///< "AT_DISPATCH_FLOATING_TYPES_AND2"
  std::string BoundName;          ///< the alias its body sees: "scalar_t"
  std::vector<std::string> Types; ///< "double", "float", "at::Half", ...
  clang::SourceRange Range;       ///< the invocation, in the file
};

/// Reads a dispatch macro from its name and its arguments' spellings
/// (unexpanded). Returns nothing for names that are not type dispatches.
/// Pure, so that the table can be unit-tested.
std::optional<DispatchSite>
parseDispatchMacro(llvm::StringRef MacroName,
                   llvm::ArrayRef<std::string> ArgSpellings);

/// Records the dispatch macro invocations written in files (not those
/// produced by other macros) into Sites. Only defined macros are seen: the
/// no-build prelude defines the AT_DISPATCH_* family.
class DispatchMacroRecorder : public clang::PPCallbacks {
public:
  DispatchMacroRecorder(const clang::Preprocessor &PP,
                        std::vector<DispatchSite> &Sites)
      : PP(PP), Sites(Sites) {}
  void MacroExpands(const clang::Token &MacroNameTok,
                    const clang::MacroDefinition &MD,
                    clang::SourceRange Range,
                    const clang::MacroArgs *Args) override;

private:
  const clang::Preprocessor &PP;
  std::vector<DispatchSite> &Sites;
};

//===-- Bindings -------------------------------------------------------------===//

/// One concrete type a template type parameter may take, and the evidence.
struct TypeBinding {
  enum OriginKind {
    DispatchMacro,         ///< listed by a dispatch macro (Via names it)
    ExplicitInstantiation, ///< 'template void k<T>(...)'
    Instantiation,         ///< a launch, call or reference with this type
  };
  std::string TypeName;   ///< printed: "at::Half", "__half", "float"
  clang::QualType Type;   ///< null for DispatchMacro bindings
  Float16Kind Float16 = Float16Kind::None;
  OriginKind Origin = Instantiation;
  clang::SourceLocation Loc; ///< where the evidence is (a file location)
  std::string Via;           ///< the dispatch macro's name, if any
};

/// The bindings of every template type parameter of one translation unit.
/// Build it after the whole TU is parsed (e.g. in onEndOfTranslationUnit).
class TypeDispatch {
public:
  TypeDispatch(clang::ASTContext &Ctx, llvm::ArrayRef<DispatchSite> Sites);

  /// Every concrete type P may take, each type once, dispatch-macro evidence
  /// first. Empty when nothing binds P (a template never instantiated).
  std::vector<TypeBinding> bindingsOf(const clang::TemplateTypeParmDecl *P) const;

  /// The template type parameter T names (through typedefs and
  /// cv-qualifiers), or null.
  static const clang::TemplateTypeParmDecl *asTemplateParm(clang::QualType T);

  /// The 16-bit bindings of T: T itself when it is a concrete 16-bit type
  /// (one binding with no Loc), the 16-bit bindings of the template parameter
  /// T names, or nothing.
  std::vector<TypeBinding> float16Bindings(clang::QualType T) const;

private:
  using ParamKey = std::pair<const clang::Decl *, unsigned>;
  static std::optional<ParamKey> keyOf(const clang::TemplateTypeParmDecl *P);
  void addBinding(ParamKey K, TypeBinding B);
  friend class TypeDispatchIndexer;

  clang::ASTContext &Ctx;
  llvm::DenseMap<ParamKey, std::vector<TypeBinding>> Bindings;
  /// Param -> the params whose types flow into it ('k<T>' inside 'f<T>').
  llvm::DenseMap<ParamKey, llvm::SmallVector<ParamKey, 2>> ForwardedFrom;
};

} // namespace kerneltidy

#endif
