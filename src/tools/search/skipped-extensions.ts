/**
 * File name endings that are never searched for text: archives, executables, office documents,
 * images, audio, video, fonts and compiled code. Every search strategy applies the same list,
 * matched case-insensitively against the end of the file name (SVG is text and stays in).
 */
export const BINARY_EXTENSIONS_FOR_SEARCH: readonly string[] = (
  '.7z .a .aac .aif .aiff .avi .avif .bin .bmp .bz2 .class .dat .db .dll .dmg .doc .docx ' +
  '.dylib .eot .exe .flac .flv .gif .gz .heic .heif .ico .img .iso .jar .jpeg .jpg .lib .lz4 ' +
  '.m4a .mdb .mkv .mov .mp3 .mp4 .mpeg .mpg .o .obj .odp .ods .odt .ogg .opus .otf .pdf .png ' +
  '.ppt .pptx .pyc .pyo .rar .so .sqlite .tar .tif .tiff .ttf .war .wasm .wav .webm .webp ' +
  '.wma .woff .woff2 .xls .xlsx .xz .zip .zst'
).split(' ');

/** Whether a file name (or a path ending in one) has one of the skipped endings. */
export function hasSkippedExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return BINARY_EXTENSIONS_FOR_SEARCH.some((extension) => lower.endsWith(extension));
}
