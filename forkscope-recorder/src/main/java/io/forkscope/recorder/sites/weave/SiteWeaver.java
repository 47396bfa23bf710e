package io.forkscope.recorder.sites.weave;

import io.forkscope.model.sites.SiteKind;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Weaves the call sites of one application class (docs/call-site-weaving.md): a first pass finds
 * them ({@link SitePlanner}), then they are registered, then a second pass inserts the hook calls
 * with their ids ({@link SiteWriter}). Site ids are woven in as constants, so identifying a site at
 * run time costs nothing.
 */
public final class SiteWeaver {
    /** The hooks woven code calls in production (on the bootstrap class path). */
    public static final String HOOKS = "io/forkscope/recorder/fj/ForkJoinHooks";
    /** A method's code must stay below this many bytes after weaving, so no jump needs a wide offset. */
    private static final int MAX_CODE = 32_767;

    private final SiteClassifier classifier;
    private final TypeHierarchy hierarchy;
    private final SiteRegistrar registrar;
    private final String hooks;

    /**
     * @param scope     the application classes (callees count only there)
     * @param registrar where the sites go
     * @param hooks     internal name of the class with static siteEnter(II)I, siteExit(I)V, siteFork(II)V
     */
    SiteWeaver(SiteScope scope, SiteRegistrar registrar, String hooks) {
        this.hierarchy = new TypeHierarchy(scope);
        this.classifier = new SiteClassifier(scope, hierarchy);
        this.registrar = registrar;
        this.hooks = hooks;
    }

    /** The production weaver: registers into SiteRegistry, weaves calls to ForkJoinHooks. */
    public static SiteWeaver forRegistry(SiteScope scope) {
        return new SiteWeaver(scope, SiteRegistrar.REGISTRY, HOOKS);
    }

    /**
     * @param loader the class's defining loader (owner classes are read through it)
     * @return the woven class file, or null when the class has no site
     * @throws RuntimeException when the class cannot be woven (the caller leaves it as it is)
     */
    public byte[] weave(ClassLoader loader, byte[] bytes) {
        ClassReader reader = OpenedClassReader.of(bytes);
        hierarchy.define(loader, reader.getClassName(), reader);
        SitePlanner planner = new SitePlanner(classifier, loader);
        reader.accept(planner, ClassReader.SKIP_FRAMES);
        Map<String, CodeOffsets.Code> code = CodeOffsets.of(reader);
        boolean any = false;
        boolean lambdas = false;
        for (MethodPlan p : planner.plans.values()) {
            CodeOffsets.Code c = code.get(p.name + p.descriptor);
            if (c == null || c.offsets().length != p.instructions || c.length() + p.growthBound() > MAX_CODE) {
                p.skipped = true; // kept as it is
                continue;
            }
            any |= p.hasWork();
            lambdas |= p.hasWork() && p.lambda;
        }
        if (!any) {
            return null;
        }
        register(planner, code);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new SiteWriter(writer, planner.plans, hooks), lambdas ? ClassReader.EXPAND_FRAMES : 0);
        return writer.toByteArray();
    }

    /** Registers every site of the class, method by method in class-file order, and keeps their ids. */
    private void register(SitePlanner planner, Map<String, CodeOffsets.Code> code) {
        String className = planner.className.replace('/', '.');
        String source = planner.sourceFile;
        for (MethodPlan p : planner.plans.values()) {
            if (!p.hasWork()) {
                continue;
            }
            CodeOffsets.Code c = code.get(p.name + p.descriptor);
            p.methodId = registrar.method(className, p.name, p.descriptor);
            if (p.lambda) {
                registerLambda(planner, code, className, source, p);
            }
            p.siteIds = new int[p.sites.size()];
            for (int i = 0; i < p.siteIds.length; i++) {
                MethodPlan.Site s = p.sites.get(i);
                p.siteIds[i] = registrar.site(p.methodId, className, p.name, p.descriptor, c.offsets()[s.insn()],
                        s.line(), source, s.kind(), s.callee());
            }
        }
    }

    /**
     * A lambda body's site is where the lambda is written: in the method whose invokedynamic creates
     * it (at that instruction's bci), on the body's first line; failing an invokedynamic, the method
     * its name tells ({@code lambda$main$0}: main, {@code new}: a constructor, {@code static}: the
     * static initializer) without a bci.
     */
    private void registerLambda(SitePlanner planner, Map<String, CodeOffsets.Code> code, String className,
                                String source, MethodPlan p) {
        MethodPlan.Origin o = planner.origins.get(p.name);
        String method;
        String descriptor;
        int bci = -1;
        int line = p.firstLine;
        if (o != null) {
            method = o.method();
            descriptor = o.descriptor();
            CodeOffsets.Code c = code.get(method + descriptor);
            if (c != null && o.insn() < c.offsets().length) {
                bci = c.offsets()[o.insn()];
            }
            if (line < 0) {
                line = o.line();
            }
        } else {
            method = enclosingByName(p.name);
            descriptor = null;
        }
        p.lambdaMethod = registrar.method(className, method, descriptor);
        p.lambdaSite = registrar.site(p.lambdaMethod, className, method, descriptor, bci, line, source, SiteKind.LAMBDA,
                p.name);
    }

    static String enclosingByName(String lambdaName) {
        int end = lambdaName.lastIndexOf('$');
        String enclosing = end > 7 ? lambdaName.substring(7, end) : lambdaName;
        return switch (enclosing) {
            case "new" -> "<init>";
            case "static" -> "<clinit>";
            default -> enclosing;
        };
    }
}
