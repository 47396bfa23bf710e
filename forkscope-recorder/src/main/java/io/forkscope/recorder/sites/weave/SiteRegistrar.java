package io.forkscope.recorder.sites.weave;

import io.forkscope.model.sites.SiteKind;
import io.forkscope.recorder.sites.SiteRegistry;

/** Where the weaver registers the methods and sites it weaves: {@link SiteRegistry}, or nowhere (warm-up). */
interface SiteRegistrar {
    /** The global registry of the run. */
    SiteRegistrar REGISTRY = new SiteRegistrar() {
        @Override
        public int method(String className, String methodName, String descriptor) {
            return SiteRegistry.method(className, methodName, descriptor);
        }

        @Override
        public int site(int callerMethod, String className, String methodName, String descriptor, int bci, int line,
                        String sourceFile, SiteKind kind, String callee) {
            return SiteRegistry.site(callerMethod, className, methodName, descriptor, bci, line, sourceFile, kind,
                    callee);
        }
    };

    /** Registers nothing; every id is 0 (the weaver's warm-up). */
    SiteRegistrar NOWHERE = new SiteRegistrar() {
        @Override
        public int method(String className, String methodName, String descriptor) {
            return 0;
        }

        @Override
        public int site(int callerMethod, String className, String methodName, String descriptor, int bci, int line,
                        String sourceFile, SiteKind kind, String callee) {
            return 0;
        }
    };

    int method(String className, String methodName, String descriptor);

    int site(int callerMethod, String className, String methodName, String descriptor, int bci, int line,
             String sourceFile, SiteKind kind, String callee);
}
