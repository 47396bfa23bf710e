package io.forkscope.it;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.interactions.WheelInput;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless chromium, driven by Selenium through Debian's chromedriver (WebDriver classic).
 * Started with the flags that keep it off the network (this machine has none) and a fresh profile.
 */
final class ChromiumBrowser implements Browser {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ChromeDriver driver;
    private final Path profile;

    ChromiumBrowser(Path chromium, Path chromedriver, Path profile) {
        this.profile = profile;
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=1280,800", "--hide-scrollbars");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile())
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        viewport(1280, 800);
    }

    @Override
    public String name() {
        return "chromium " + driver.getCapabilities().getBrowserVersion();
    }

    @Override
    public void open(Path html) {
        driver.manage().logs().get(LogType.BROWSER);   // drops the previous page's entries
        driver.get(html.toUri().toString());
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> "true".equals(
                d.findElement(By.tagName("body")).getAttribute("data-ready")));
    }

    @Override
    public Object js(String body, Object... args) {
        Object json = driver.executeScript("return JSON.stringify((function (args) {" + body + "\n})"
                + "(Array.prototype.slice.call(arguments)));", args);
        try {
            return json == null ? null : JSON.readValue((String) json, Object.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void click(double x, double y) {
        new Actions(driver).moveToLocation((int) Math.round(x), (int) Math.round(y)).click().perform();
    }

    @Override
    public void drag(double x0, double y0, double x1, double y1) {
        Actions a = new Actions(driver).moveToLocation((int) Math.round(x0), (int) Math.round(y0)).clickAndHold();
        for (int i = 1; i <= 5; i++) {
            a.moveToLocation((int) Math.round(x0 + (x1 - x0) * i / 5), (int) Math.round(y0 + (y1 - y0) * i / 5));
        }
        a.release().perform();
    }

    @Override
    public void wheel(double x, double y, int deltaY) {
        new Actions(driver).scrollFromOrigin(WheelInput.ScrollOrigin.fromViewport((int) Math.round(x),
                (int) Math.round(y)), 0, deltaY).perform();
    }

    @Override
    public void keys(String keys) {
        new Actions(driver).sendKeys(keys).perform();
    }

    @Override
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= Level.WARNING.intValue()) {
                out.add(e.getLevel() + " " + e.getMessage());
            }
        }
        return out;
    }

    @Override
    public String alert() {
        try {
            return driver.switchTo().alert().getText();
        } catch (NoAlertPresentException none) {
            return null;
        }
    }

    @Override
    public byte[] screenshot() {
        return driver.getScreenshotAs(OutputType.BYTES);
    }

    @Override
    public void viewport(int width, int height) {
        // the window's outer size: the viewport is what is left after the window's frame, if any
        driver.manage().window().setSize(new Dimension(width, height));
        Object inner = js("return [window.innerWidth, window.innerHeight];");
        List<?> wh = (List<?>) inner;
        int dw = width - ((Number) wh.get(0)).intValue();
        int dh = height - ((Number) wh.get(1)).intValue();
        if (dw != 0 || dh != 0) {
            driver.manage().window().setSize(new Dimension(width + dw, height + dh));
        }
    }

    @Override
    public void quit() {
        driver.quit();
        Browser.deleteTree(profile);
    }

    @Override
    public String toString() {
        return "chromium";
    }
}
