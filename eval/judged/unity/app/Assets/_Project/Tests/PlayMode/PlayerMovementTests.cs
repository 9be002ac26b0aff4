using System.Collections;
using NUnit.Framework;
using Skyward.Player;
using UnityEngine;
using UnityEngine.InputSystem;
using UnityEngine.TestTools;

namespace Skyward.Tests.PlayMode
{
    public class PlayerMovementTests : InputTestFixture
    {
        private Keyboard _keyboard;

        public override void Setup()
        {
            base.Setup();
            _keyboard = InputSystem.AddDevice<Keyboard>();
        }

        [UnityTest]
        public IEnumerator PressingW_MovesPlayerForward()
        {
            var cam = new GameObject("Cam").transform;
            var player = new GameObject("Player", typeof(CharacterController));
            player.AddComponent<PlayerInputHandler>();
            Vector3 start = player.transform.position;

            Press(_keyboard.wKey);
            yield return new WaitForSeconds(0.3f);
            Release(_keyboard.wKey);

            Assert.That(player.transform.position.z, Is.GreaterThan(start.z));
            Object.Destroy(player);
            Object.Destroy(cam.gameObject);
        }
    }
}
