//===- InputFiles.cpp - which files a run analyses, read how --------------===//
//
// Discovery: the paths on the command line become a sorted list of
// analysable files (directories walked, hidden entries skipped, link loops
// reported), each read only when it is a source file of a sane size. Also the
// shard a file belongs to, and the absolute spelling of a path.
//
//===----------------------------------------------------------------------===//
#include "tools/driver/DriverInternal.h"
#include "lib/frontend/clang/CompileCommands.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>
#include <map>

namespace kerneltidy {
namespace {

bool looksBinary(llvm::StringRef Text) {
  return Text.substr(0, 8192).contains('\0');
}

/// Collects the analysable files under Root, hidden entries skipped. Links
/// to directories are followed, but each directory is walked once: a link
/// back to one of its own ancestors is a loop, reported and not followed. An
/// entry that cannot be read is one error, and the walk goes on.
void walkDirectory(const std::string &Root, std::vector<std::string> &Found,
                   std::vector<FileError> &Errors) {
  std::map<llvm::sys::fs::UniqueID, std::string> Walked;
  std::vector<std::string> Pending{Root};
  while (!Pending.empty()) {
    std::string Dir = std::move(Pending.back());
    Pending.pop_back();
    llvm::sys::fs::file_status Status;
    if (std::error_code EC = llvm::sys::fs::status(Dir, Status)) {
      Errors.push_back({Dir, "cannot walk directory: " + EC.message()});
      continue;
    }
    auto [It, New] = Walked.try_emplace(Status.getUniqueID(), Dir);
    if (!New) {
      llvm::StringRef First = It->second;
      if (llvm::StringRef(Dir).starts_with(First) &&
          llvm::sys::path::is_separator(Dir[First.size()]))
        Errors.push_back({Dir, "symbolic link loop back to '" + First.str() +
                                   "'; not followed"});
      continue; // else a second link to a directory walked already
    }
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator Entry(Dir, EC), End;
         Entry != End && !EC; Entry.increment(EC)) {
      const std::string &Path = Entry->path();
      if (llvm::sys::path::filename(Path).starts_with("."))
        continue;
      llvm::sys::fs::file_status EntryStatus;
      if (std::error_code StatusEC = llvm::sys::fs::status(Path, EntryStatus)) {
        // A dangling link is common and harmless unless it names a source
        // file; a link that resolves to itself never resolves.
        if (isAnalysableExtension(Path) ||
            StatusEC == std::errc::too_many_symbolic_link_levels)
          Errors.push_back({Path, "cannot open: " + StatusEC.message()});
        continue;
      }
      if (EntryStatus.type() == llvm::sys::fs::file_type::directory_file)
        Pending.push_back(Path);
      else if (EntryStatus.type() == llvm::sys::fs::file_type::regular_file &&
               isAnalysableExtension(Path))
        Found.push_back(Path);
    }
    if (EC)
      Errors.push_back({Dir, "cannot walk directory: " + EC.message()});
  }
}

} // namespace

namespace driver {

std::unique_ptr<llvm::MemoryBuffer> readInput(const std::string &File,
                                              uint64_t MaxFileSize,
                                              std::vector<FileError> &Errors) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(File, Status)) {
    Errors.push_back({File, "cannot read file: " + EC.message()});
    return nullptr;
  }
  if (Status.type() != llvm::sys::fs::file_type::regular_file) {
    Errors.push_back({File, "not a regular file"});
    return nullptr;
  }
  if (MaxFileSize && Status.getSize() > MaxFileSize) {
    Errors.push_back({File, "file is " + std::to_string(Status.getSize()) +
                                " bytes, over the --max-file-size limit of " +
                                std::to_string(MaxFileSize) + "; not analysed"});
    return nullptr;
  }
  auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf) {
    Errors.push_back({File, "cannot read file: " + Buf.getError().message()});
    return nullptr;
  }
  if (looksBinary((*Buf)->getBuffer())) {
    Errors.push_back({File, "not a source file (binary content)"});
    return nullptr;
  }
  return std::move(*Buf);
}

std::string absolutePath(llvm::StringRef File) {
  llvm::SmallString<256> Absolute(File);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

} // namespace driver

std::vector<std::string> collectInputFiles(const std::vector<std::string> &Paths,
                                           std::vector<FileError> &Errors) {
  std::vector<std::string> Files;
  for (const std::string &Path : Paths) {
    llvm::sys::fs::file_status Status;
    if (std::error_code EC = llvm::sys::fs::status(Path, Status)) {
      Errors.push_back({Path, "cannot open: " + EC.message()});
      continue;
    }
    if (!llvm::sys::fs::is_directory(Status)) {
      Files.push_back(Path);
      continue;
    }
    std::vector<std::string> Found;
    walkDirectory(Path, Found, Errors);
    std::sort(Found.begin(), Found.end());
    Files.insert(Files.end(), Found.begin(), Found.end());
  }
  return Files;
}

unsigned shardOf(llvm::StringRef File, unsigned ShardCount) {
  if (ShardCount == 0)
    return 0;
  return llvm::xxh3_64bits(llvm::sys::path::convert_to_slash(File)) %
             ShardCount +
         1;
}

} // namespace kerneltidy
