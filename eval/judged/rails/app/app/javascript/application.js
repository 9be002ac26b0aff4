import "@hotwired/turbo-rails"
import "controllers"
