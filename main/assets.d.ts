// electron-vite's `?asset` imports: the file is copied into out/ and the import is its path.
/// <reference types="electron-vite/node" />
