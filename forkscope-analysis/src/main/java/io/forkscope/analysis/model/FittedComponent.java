package io.forkscope.analysis.model;

import java.util.List;

/**
 * One intermediate model of the performance model (measures.md §7): its non-negative coefficients
 * under the paper's names (b1..b7, a1, a2, ...), the bases they multiply, the cross-validated α
 * ({@link CrossValidatedLasso}; 0 when no basis correlates positively with the target) and its
 * training error: the component predicted from (n, p) alone, through the fitted models it depends
 * on, against each training run's measured value.
 */
public record FittedComponent(String name, List<String> coefficientNames, List<String> bases, double[] coefficients,
                              double alpha, FitError trainingError) {
    public FittedComponent {
        coefficientNames = List.copyOf(coefficientNames);
        bases = List.copyOf(bases);
        coefficients = coefficients.clone();
        if (coefficientNames.size() != coefficients.length || bases.size() != coefficients.length) {
            throw new IllegalArgumentException(name + ": " + coefficientNames.size() + " names, " + bases.size()
                    + " bases, " + coefficients.length + " coefficients");
        }
    }

    @Override
    public double[] coefficients() {
        return coefficients.clone();
    }

    /** Σ coefficient_j · features_j. */
    public double apply(double[] features) {
        return NonNegativeLasso.predict(features, coefficients);
    }

    FittedComponent withError(FitError error) {
        return new FittedComponent(name, coefficientNames, bases, coefficients, alpha, error);
    }
}
