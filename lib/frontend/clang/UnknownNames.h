//===- UnknownNames.h - stand-ins for names a parse could not resolve -*- C++ -*-===//
//
// Kernels are linted where their third-party headers (ATen, CUTLASS/CuTe,
// Composable Kernel, SYCL backends) are absent. One unknown name in a
// parameter type, a base class or a template argument makes Clang drop the
// declaration around it: a kernel loses its index parameters, a functor its
// body, and the checks see nothing. The index arithmetic and the memory
// accesses the checks read rarely depend on the unknown type itself.
//
// So the driver parses twice (three times at most): it reads the compiler's
// errors of the first parse ("unknown type name 'bhalf_t'", "use of
// undeclared identifier 'c10'", "no template named 'TensorListMetadata'",
// "no member named 'xpu' in namespace 'at'"), looks at the source text at
// each error's location to tell a namespace from a type, a template, a
// function or a value, and declares each name in a header of its own,
// force-included into the next parse. Type-inference tools for partial
// programs do the same (PPA; "Partial program analysis for Java").
//
// Every stand-in is one permissive type, __kt_opaque: constructible from
// anything, convertible to anything, callable, indexable, with every
// operator. An expression that involves it has its type, not an integer's,
// so no width finding is ever made *from* a stand-in; what the stand-ins buy
// is that the surrounding declarations keep their real integer parameters
// and bodies. Names of 16-bit floating types ('Half', 'bhalf_t',
// 'BFloat16') become the compiler's own _Float16 and __bf16, so the
// narrow-accumulation check still sees a 16-bit sum. All-capital names used
// as declaration specifiers ('CUTLASS_DEVICE void f()') become macros with
// the attributes their names say (__device__, __host__ __device__,
// __global__, inline) or none.
//
// The learner is plain text processing: no Clang type, so it is unit-tested
// on messages and source text alone.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_UNKNOWNNAMES_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_UNKNOWNNAMES_H

#include "llvm/ADT/StringRef.h"
#include <map>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kerneltidy {

/// One compiler error: its message and where it is (file, byte offset).
struct CompilerErrorAt {
  std::string Message;
  std::string File;
  unsigned Offset = 0;
};

class UnknownNameDeclarations {
public:
  /// What a name stands for, from the error message and the source text
  /// after it.
  enum class Kind {
    Namespace,
    Type,
    Half,          ///< a 16-bit IEEE floating type: _Float16
    BFloat16,      ///< a bfloat16 type: __bf16
    TypeTemplate,  ///< X<T, ...>: template <class...>
    ValueTemplate, ///< X<128, ...>: template <auto...>
                   ///< (a template of both: one parameter per argument,
                   ///< as signatureOf says, then a pack)
    Function,
    Value,
    AttributeMacro,
  };

  /// Learns from one compiler error: its message, and the file's text from
  /// the error's location on (\p Before: the text just before it, for the
  /// qualifiers of a name). Returns whether a name was added or changed.
  bool learn(llvm::StringRef Message, llvm::StringRef TextAt,
             llvm::StringRef Before = "");

  /// learn() for each error, with the text of its file at its offset (each
  /// file read once). Returns whether anything was learnt.
  bool learnAll(const std::vector<CompilerErrorAt> &Errors);

  /// Whether a parse with stand-ins that left \p After errors (where the
  /// best parse so far left \p BestErrors) is worth another round: it has
  /// fewer errors, or nearly all of them name members of stand-ins, which
  /// the next round declares. Otherwise the rounds stop: each costs a parse.
  static bool worthAnotherRound(size_t BestErrors,
                                const std::vector<CompilerErrorAt> &After);

  /// Whether a C++17 parse failed on what C++20 adds: 'requires' clauses,
  /// concepts, <bit>, <numbers>, <span> ('std::bit_cast', 'std::integral').
  /// In no-build mode the recovery rounds then parse as C++20 (the code
  /// base's own standard, which its build files would have said).
  static bool asksForCxx20(const std::vector<CompilerErrorAt> &Errors);

  /// The next parses are C++20: names learnt from a C++17 parse that are
  /// C++20 keywords ('requires', 'concept') are dropped, and not learnt again.
  void useCxx20();

  bool empty() const { return Names.empty() && Members.empty(); }
  size_t size() const { return Names.size() + Members.size(); }

  /// The header that declares every name learnt so far (a system header:
  /// nothing in it is reported).
  std::string header() const;

  /// The kind learnt for a qualified name ("c10::Half"), for tests.
  std::optional<Kind> kindOf(llvm::StringRef QualifiedName) const;
  /// For a template used with types and values ('cub::BlockScan<int, 256>'):
  /// the kind of each argument, "tv", as its uses wrote them; for tests.
  std::optional<std::string> signatureOf(llvm::StringRef QualifiedName) const;
  bool hasMember(llvm::StringRef Name) const { return Members.count(Name.str()); }

  /// Where the driver serves header() from in the parse's file system.
  /// (Inline: the kernel listing, linked into the plugin too, names it.)
  static llvm::StringRef headerPath() {
    return "/__kernel_tidy_unknown_names__/__kernel_tidy_unknown_names.h";
  }

  /// Whether no-build parses may declare stand-ins: yes, unless
  /// KT_NO_STAND_INS is set (to measure what they change; docs/usage.md).
  static bool enabled() { return std::getenv("KT_NO_STAND_INS") == nullptr; }

private:
  bool add(const std::string &Qualified, Kind K, bool FromMessage);
  bool addSignature(const std::string &Qualified, const std::string &Signature);

  std::map<std::string, std::string> Texts; ///< file -> text, for learnAll
  std::map<std::string, Kind> Names; ///< qualified name -> kind
  bool Cxx20 = false; ///< C++20's keywords are keywords (useCxx20)
  std::set<std::string> FirmNames;   ///< kinds the message itself stated
  /// Templates of types and values: qualified name -> "tv..." (one letter
  /// per argument, 't' a type, 'v' a value).
  std::map<std::string, std::string> Signatures;
  /// Members of __kt_opaque: name -> called (a member function) or not (a
  /// static data member, which may have the class's own type).
  std::map<std::string, bool> Members;
};

} // namespace kerneltidy

#endif
