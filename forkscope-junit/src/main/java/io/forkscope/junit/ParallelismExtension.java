package io.forkscope.junit;

import java.lang.reflect.Method;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The extension behind {@link Parallelism}: around the test method's invocation (the body only,
 * not its callbacks) it makes sure the agent records in the unit asked for ({@link AgentAccess}),
 * runs the body as a region and judges what it measured ({@link MeasuredTest}).
 *
 * <p>Class-loading discipline, which the late start of the agent needs: nothing here touches a
 * class of forkscope-api (io.forkscope.Forkscope, Measurement, spi) before {@link AgentAccess}
 * made the agent ready; only {@link MeasuredTest} and {@link RecorderUnit} do, and they are first
 * loaded after it. Were the system class loader to load the API first, the agent loaded later
 * would find its own copy shadowed and refuse to start (see the recorder's LateAttach).
 */
public final class ParallelismExtension implements InvocationInterceptor {
    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
                                    ExtensionContext context) throws Throwable {
        measure(invocation, context);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
                                            ExtensionContext context) throws Throwable {
        measure(invocation, context);
    }

    private static void measure(Invocation<Void> invocation, ExtensionContext context) throws Throwable {
        Method method = context.getRequiredTestMethod();
        Parallelism p = AnnotationSupport.findAnnotation(method, Parallelism.class).orElse(null);
        if (p == null) {    // the extension registered on the class, this method not annotated
            invocation.proceed();
            return;
        }
        Thresholds t = Thresholds.of(p);
        String problem = t.problem();
        if (problem == null) {
            problem = AgentAccess.ready(t.unit());
        }
        if (problem != null) {
            invocation.skip();
            throw new ExtensionConfigurationException(problem);
        }
        MeasuredTest.run(context.getRequiredTestClass().getSimpleName() + "." + method.getName(), t, invocation);
    }
}
