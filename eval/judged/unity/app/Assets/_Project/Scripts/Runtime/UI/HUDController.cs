using Skyward.Player;
using TMPro;
using UnityEngine;
using UnityEngine.UI;

namespace Skyward.UI
{
    public sealed class HUDController : MonoBehaviour
    {
        [SerializeField] private PlayerHealth playerHealth;
        [SerializeField] private TMP_Text healthLabel;
        [SerializeField] private TMP_Text coinsLabel;
        [SerializeField] private Image healthFill;

        private void OnEnable() => playerHealth.Changed += UpdateHealth;
        private void OnDisable() => playerHealth.Changed -= UpdateHealth;

        private void Start() => UpdateHealth(playerHealth.Current, playerHealth.Max);

        private void UpdateHealth(int current, int max)
        {
            healthLabel.text = $"{current}/{max}";
            healthFill.fillAmount = max == 0 ? 0f : (float)current / max;
        }

        public void SetCoins(int coins) => coinsLabel.SetText("{0}", coins);
    }
}
