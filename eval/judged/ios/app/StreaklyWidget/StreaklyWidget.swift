import SwiftUI
import WidgetKit

struct StreaklyWidget: Widget {
    let kind = "StreaklyWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: StreakProvider()) { entry in
            StreakWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Streaks")
        .description("Your best streaks at a glance.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
    }
}

@main
struct StreaklyWidgetBundle: WidgetBundle {
    var body: some Widget {
        StreaklyWidget()
    }
}
