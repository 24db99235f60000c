//===- TritonModule.h - the Triton kernels of one Python file ---*- C++ -*-===//
//
// Discovery: which functions of a file are Triton JIT functions (kernels and
// the helpers they call), how the file spells `triton` and `triton.language`,
// and, per function, its parameters, the names it binds (in source order),
// the memory operations it performs and the JIT helpers it calls. Everything
// here is syntactic; TritonValues.h gives the values their meaning.
//
// Terms: a *binding* is one place a name gets a value (assignment, augmented
// assignment, loop target, tuple unpacking); a *memory access* is a call of
// tl.load / tl.store / tl.atomic_* / tl.make_block_ptr with its pointer,
// value, mask, other and boundary_check arguments picked out.
//
// Launches: host functions of the same file that launch one of its kernels
// (`kernel[grid](...)`) are parsed too, for one fact: which buffer each
// pointer argument is and the element type its allocation gives it
// (`torch.zeros(..., dtype=x.dtype)`), a *host buffer*.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_TRITON_TRITONMODULE_H
#define KERNEL_TIDY_LIB_FRONTEND_TRITON_TRITONMODULE_H

#include "lib/frontend/triton/PySyntax.h"
#include "lib/model/AccumulationEvidence.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace kerneltidy::triton {

struct TritonParam {
  llvm::StringRef Name;
  NodeId Node = NoNode;       // the identifier
  NodeId Annotation = NoNode; // the annotation expression, if any
  NodeId Default = NoNode;    // the default value, if any
  bool IsConstexpr = false;   // annotated tl.constexpr
  bool Is64Bit = false;       // annotated tl.int64 / "i64"
};

enum class BindingKind : uint8_t {
  Assign,     // name = value
  Augmented,  // name op= value (Statement holds the operator)
  LoopTarget, // for name in value
  Unpacked,   // a, b = value (Value is the matching element, or NoNode)
};

struct Binding {
  llvm::StringRef Name;
  NodeId Target = NoNode;    // the identifier being bound
  NodeId Value = NoNode;     // right-hand side / iterable / element
  NodeId Statement = NoNode; // assignment, augmented_assignment or for
  NodeId Loop = NoNode;      // innermost loop around the statement
  uint32_t VisibleFrom = 0;  // byte offset from which uses see this value
  BindingKind Kind = BindingKind::Assign;
};

enum class MemoryOp : uint8_t { Load, Store, Atomic, MakeBlockPtr };

struct MemoryAccess {
  MemoryOp Op = MemoryOp::Load;
  llvm::StringRef Callee; // "load", "store", "atomic_add", "make_block_ptr"
  NodeId Call = NoNode;
  NodeId Pointer = NoNode; // pointer / block pointer / base
  NodeId Value = NoNode;   // stored or atomically combined value
  NodeId Mask = NoNode;
  NodeId Other = NoNode;
  NodeId BoundaryCheck = NoNode;
  NodeId Loop = NoNode; // innermost loop around the call
};

struct HelperCall {
  NodeId Call = NoNode;
  unsigned Callee = 0; // index into TritonModule::functions()
};

struct JitFunction {
  llvm::StringRef Name;
  NodeId Definition = NoNode; // function_definition
  NodeId NameNode = NoNode;
  NodeId Body = NoNode;
  llvm::SmallVector<NodeId, 4> Decorators; // decorator expressions
  /// The decorators as written, arguments included (the parse skips the
  /// arguments: `@triton.autotune(configs=[...])` is read as text).
  llvm::StringRef DecoratorText;
  llvm::SmallVector<TritonParam, 12> Params;
  std::vector<Binding> Bindings; // in source order
  llvm::DenseMap<llvm::StringRef, llvm::SmallVector<unsigned, 2>>
      BindingsByName;
  std::vector<MemoryAccess> Accesses;
  std::vector<HelperCall> Calls;
  llvm::SmallVector<NodeId, 2> Returns; // returned expressions
  /// Every comparison in the body (candidates for bounds and masks).
  std::vector<NodeId> Comparisons;
  /// First place the function widens an integer to 64 bits, or NoNode.
  NodeId WideningSite = NoNode;
  bool CalledFromJit = false; // a helper: some JIT function calls it

  const TritonParam *param(llvm::StringRef Name) const;
  /// The value every `triton.Config` of the decorators gives the
  /// tl.constexpr parameter Name (`{"XBLOCK": 1, ...}` in each config, or
  /// `XBLOCK=1`), or -1 when the decorators do not name it or give it
  /// different values.
  int64_t configuredValue(llvm::StringRef Name) const;
  int paramIndex(llvm::StringRef Name) const;
};

/// A buffer that host code of the file allocates and passes to a kernel
/// parameter at a launch `kernel[grid](..., buf, ...)`.
struct HostBuffer {
  unsigned Kernel = 0;        // index into TritonModule::functions()
  unsigned Param = 0;         // index into the kernel's Params
  NodeId Launch = NoNode;     // the call `kernel[grid](...)`
  NodeId Argument = NoNode;   // the argument (a name)
  NodeId Allocation = NoNode; // `torch.zeros(...)`, `torch.empty_like(x)`, ...
  /// What sets the element type: the dtype argument, or the tensor whose
  /// dtype the allocation copies (`x` of `torch.empty_like(x)`, of
  /// `dtype=x.dtype`).
  NodeId DTypeSource = NoNode;
  BufferElementType Type = BufferElementType::Unknown;
  /// The allocation's leading dimension when it counts the device's
  /// processors (`torch.empty((sm_count, N))` with `sm_count =
  /// torch.cuda.get_device_properties(d).multi_processor_count * 8`): a
  /// per-program scratch of a persistent grid. Empty otherwise.
  std::string ProcessorRows;
};

class TritonModule {
public:
  /// Parses Source and discovers its JIT functions. Returns null only when
  /// the parser fails outright. A file that never mentions triton is not
  /// parsed at all and yields an empty module.
  static std::unique_ptr<TritonModule> build(llvm::StringRef Source);
  /// The byte ranges of Source that build() hands to tree-sitter: triton
  /// imports, module constants and the definitions that can hold JIT
  /// functions, without decorator arguments, comments or docstring bodies.
  /// Empty when Source never mentions triton.
  static std::vector<ParseRange> parsedRanges(llvm::StringRef Source);

  const PySyntaxTree &tree() const { return *Tree; }
  bool parsed() const { return Tree != nullptr; }
  const std::vector<JitFunction> &functions() const { return Functions; }
  const JitFunction *function(llvm::StringRef Name) const;
  int functionIndex(llvm::StringRef Name) const;

  /// `tl.<Name>` for the file's spelling of triton.language: the attribute
  /// name when Node is such an attribute (`tl.load` -> "load"), else empty.
  llvm::StringRef languageMember(NodeId Node) const;
  /// For a call `tl.<name>(...)`, "<name>"; else empty.
  llvm::StringRef languageCallee(NodeId Call) const;
  /// For a call `<object>.<name>(...)` that is not a module function, the
  /// method name (`x.to(...)` -> "to"); else empty.
  llvm::StringRef methodCallee(NodeId Call) const;
  /// True for a conversion `x.to(T)` or `x.cast(T)`.
  bool isConversion(NodeId Call) const {
    llvm::StringRef M = methodCallee(Call);
    return M == "to" || M == "cast";
  }
  /// True for `triton.cdiv`-style members of the triton module.
  llvm::StringRef tritonMember(NodeId Node) const;
  /// Call argument by keyword, else by position (0-based), else NoNode.
  NodeId argument(NodeId Call, unsigned Position,
                  llvm::StringRef Keyword) const;
  /// The value of a module-level `NAME = value` assignment, or NoNode.
  NodeId moduleConstant(llvm::StringRef Name) const;

  /// True when Node is `tl.int64`, `tl.uint64`, or the string "i64".
  bool is64BitIntType(NodeId Node) const;

  /// The host buffers passed to parameter Param of functions()[Kernel] by
  /// the launches in this file whose allocation the file shows.
  llvm::SmallVector<const HostBuffer *, 2> hostBuffers(unsigned Kernel,
                                                       unsigned Param) const;

private:
  void collectImports();
  void discover();
  bool isJitDecorator(NodeId Expr) const;
  void indexFunction(JitFunction &F);
  void linkHelpers();
  void collectLaunches();

  std::unique_ptr<PySyntaxTree> Tree;
  std::vector<JitFunction> Functions;
  llvm::SmallVector<llvm::StringRef, 2> LanguageNames; // "tl"
  llvm::SmallVector<llvm::StringRef, 2> TritonNames;   // "triton"
  llvm::SmallVector<llvm::StringRef, 2> JitNames;      // "jit" from triton
  llvm::DenseMap<llvm::StringRef, NodeId> ModuleConstants;
  std::vector<HostBuffer> HostBuffers;
};

} // namespace kerneltidy::triton

#endif
