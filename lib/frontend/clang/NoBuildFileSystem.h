//===- NoBuildFileSystem.h - missing headers become empty ------*- C++ -*-===//
//
// Kernel sources are linted where their headers (ATen, ggml, cutlass) are not
// built or not installed. Clang stops at the first missing #include (a fatal
// error), so no check would ever see the kernel. This file system wraps the
// real one and serves any path under stubIncludeDir() -- the last include
// directory in no-build mode -- as an empty file, so every unresolved include
// resolves to nothing and parsing goes on.
//
// Clang asks for the parent directory of a header before the header itself,
// and paths without an extension (<cuda/std/atomic>) must be files while
// <ATen/cuda> style prefixes must be directories. Because Clang always reads
// an includer before looking up what it includes, the file system scans each
// file it serves for #include names and records their directory prefixes;
// a stub path is a directory exactly when it is such a prefix.
//
//===----------------------------------------------------------------------===//
#ifndef KERNEL_TIDY_LIB_FRONTEND_CLANG_NOBUILDFILESYSTEM_H
#define KERNEL_TIDY_LIB_FRONTEND_CLANG_NOBUILDFILESYSTEM_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace kerneltidy {

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createNoBuildFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Real);

/// Adds to Dirs every proper directory prefix of every name that Text
/// #includes ("a/b/c.h" and <a/b/c.h> add "a" and "a/b"). Linear in Text.
void recordIncludePrefixes(llvm::StringRef Text, llvm::StringSet<> &Dirs);

} // namespace kerneltidy

#endif
