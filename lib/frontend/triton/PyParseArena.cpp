//===- PyParseArena.cpp - one tree-sitter parse, in an arena --------------===//
//
// tree-sitter allocates and frees a node at a time; here every allocation of
// one file's parse is a pointer bump in a per-thread region, released at
// once when the parse is done (ParseArena, installed with ts_set_allocator).
//
//===----------------------------------------------------------------------===//
#include "lib/frontend/triton/PySyntaxInternal.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sys/mman.h>

namespace kerneltidy::triton {
namespace {

/// Everything tree-sitter allocates while one file is parsed, released at
/// once. tree-sitter allocates and frees a node at a time (a third of its
/// parse time went to malloc, free and the final ts_tree_delete walk): here
/// an allocation is a pointer bump in one reserved region, a free of arena
/// memory does nothing, and the whole region is reused for the next file.
/// Installed with ts_set_allocator, so it serves only tree-sitter; memory
/// from before (or beyond) the arena goes to malloc and free as usual.
class ParseArena {
public:
  ParseArena() {
    void *P = mmap(nullptr, ReservedBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (P != MAP_FAILED)
      Base = static_cast<char *>(P);
  }
  ~ParseArena() {
    if (Base)
      munmap(Base, ReservedBytes);
  }
  ParseArena(const ParseArena &) = delete;
  ParseArena &operator=(const ParseArena &) = delete;

  bool usable() const { return Base != nullptr; }
  bool owns(const void *P) const {
    return Base && P >= Base && P < Base + ReservedBytes;
  }
  /// Whether some allocation did not fit and went to malloc instead.
  bool overflowed() const { return Overflowed; }

  /// A 16-byte aligned block of N bytes, or null when the region is full.
  void *allocate(size_t N) {
    size_t Need = Header + ((N + 15) & ~size_t(15));
    if (!Base || Need > ReservedBytes - Used) {
      Overflowed = true;
      return nullptr;
    }
    char *Block = Base + Used;
    reinterpret_cast<size_t *>(Block)[0] = N;
    Last = Block + Header;
    Used += Need;
    return Last;
  }

  /// Grows P (owned by the arena) to N bytes: in place when it is the last
  /// block handed out, which is how tree-sitter's growing arrays use it.
  void *reallocate(void *P, size_t N) {
    size_t Old = sizeOf(P);
    if (P == Last) {
      size_t Begin = size_t(static_cast<char *>(P) - Base);
      size_t End = Begin + ((N + 15) & ~size_t(15));
      if (End <= ReservedBytes) {
        reinterpret_cast<size_t *>(static_cast<char *>(P) - Header)[0] = N;
        Used = End;
        return P;
      }
    }
    void *Q = allocate(N);
    if (!Q)
      Q = std::malloc(N);
    if (Q)
      std::memcpy(Q, P, std::min(Old, N));
    return Q;
  }

  /// Forgets every block; pages past the first KeptBytes go back to the
  /// system so that one huge file does not pin its peak for the process.
  void reset() {
    if (Used > KeptBytes)
      madvise(Base + KeptBytes, Used - KeptBytes, MADV_DONTNEED);
    Used = 0;
    Last = nullptr;
    Overflowed = false;
  }

private:
  static constexpr size_t ReservedBytes = size_t(1) << 30;
  static constexpr size_t KeptBytes = size_t(32) << 20;
  static constexpr size_t Header = 16;
  size_t sizeOf(const void *P) const {
    return reinterpret_cast<const size_t *>(static_cast<const char *>(P) -
                                            Header)[0];
  }
  char *Base = nullptr;
  size_t Used = 0;
  void *Last = nullptr;
  bool Overflowed = false;
};

/// The calling thread's arena, and whether its parse is using it now.
ParseArena &threadArena() {
  static thread_local ParseArena Arena;
  return Arena;
}
thread_local bool ArenaActive = false;

[[noreturn]] void outOfMemory() {
  std::fprintf(stderr, "kernel-tidy: out of memory while parsing\n");
  std::abort();
}

void *arenaMalloc(size_t N) {
  if (ArenaActive)
    if (void *P = threadArena().allocate(N))
      return P;
  void *P = std::malloc(N);
  if (!P && N)
    outOfMemory();
  return P;
}

void *arenaCalloc(size_t Count, size_t Size) {
  if (ArenaActive && (Size == 0 || Count <= SIZE_MAX / Size))
    if (void *P = threadArena().allocate(Count * Size))
      return std::memset(P, 0, Count * Size);
  void *P = std::calloc(Count, Size);
  if (!P && Count && Size)
    outOfMemory();
  return P;
}

void *arenaRealloc(void *P, size_t N) {
  if (!P)
    return arenaMalloc(N);
  ParseArena &A = threadArena();
  void *Q = A.owns(P) ? A.reallocate(P, N) : std::realloc(P, N);
  if (!Q && N)
    outOfMemory();
  return Q;
}

void arenaFree(void *P) {
  if (!threadArena().owns(P))
    std::free(P);
}

} // namespace

bool withParsedTree(llvm::StringRef Source, const TSLanguage *Language,
                    llvm::function_ref<void(TSTree *)> Use) {
  static std::once_flag Installed;
  std::call_once(Installed, [] {
    ts_set_allocator(arenaMalloc, arenaCalloc, arenaRealloc, arenaFree);
  });
  ParseArena &A = threadArena();
  // A nested parse (none today) allocates in the outer parse's arena and
  // leaves the reset to it, which would otherwise drop the outer tree; a
  // thread whose region could not be reserved uses malloc throughout.
  bool UseArena = A.usable() && !ArenaActive;
  if (UseArena)
    ArenaActive = true;
  TSParser *Parser = ts_parser_new();
  ts_parser_set_language(Parser, Language);
  TSTree *Tree = ts_parser_parse_string(Parser, nullptr, Source.data(),
                                        uint32_t(Source.size()));
  if (Tree)
    Use(Tree);
  // The grammar's scanner object itself is calloc'd: always delete the
  // parser. The tree's nodes are freed one by one only when some of them
  // may live outside the arena (it overflowed, or was not ours to reset).
  ts_parser_delete(Parser);
  if (Tree && (!UseArena || A.overflowed()))
    ts_tree_delete(Tree);
  if (UseArena) {
    ArenaActive = false;
    A.reset();
  }
  return Tree != nullptr;
}

} // namespace kerneltidy::triton
