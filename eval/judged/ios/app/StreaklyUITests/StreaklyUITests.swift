import XCTest

final class StreaklyUITests: XCTestCase {
    override func setUpWithError() throws {
        continueAfterFailure = false
    }

    func testAddHabitFlow() throws {
        let app = XCUIApplication()
        app.launchArguments = ["-uiTesting"]
        app.launch()
        app.buttons["Add"].tap()
        app.textFields["Habit name"].typeText("Meditate")
        app.buttons["Save"].tap()
        XCTAssertTrue(app.staticTexts["Meditate"].waitForExistence(timeout: 2))
    }
}
